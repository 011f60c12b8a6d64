//! Filming a WebM in the page: the GIF "Save animation" made is played frame by frame
//! onto a canvas that is never shown, and the browser's `MediaRecorder` records the
//! canvas's `captureStream`. A video frame is pushed at each GIF frame's time
//! (`requestFrame`), and the last once more when its delay is over, so the video lasts
//! the GIF's frames times their delays. The page plays a stretch of frames a task (each
//! ending in `RecordMsg::Played`), so the progress is drawn and a Cancel gets through.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use js_sys::{Array, Function, Promise, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobEvent, BlobPropertyBag, CanvasCaptureMediaStreamTrack};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};
use web_sys::{MediaRecorder, MediaRecorderOptions};

use crate::app::widgets::recorder::{FilmWork, RecordMsg};
use puzzlelab_pictures::animation::WEBM_BITS_PER_SECOND;
use puzzlelab_pictures::gif_frames::Frames;

/// The types asked for, the first this browser records taken (VP8 costs the least).
const TYPES: [&str; 3] = [
    "video/webm;codecs=vp8",
    "video/webm;codecs=vp9",
    "video/webm",
];
/// How long a task plays before the page draws the progress, in milliseconds.
const STRETCH_MS: f64 = 250.0;
/// How long the last frame is left to the encoder before the recorder stops.
const SETTLE_MS: u32 = 100;

/// The WebM type this browser records, if it can record one.
pub fn webm_type() -> Option<&'static str> {
    let window = web_sys::window()?;
    let has = js_sys::Reflect::has(&window, &"MediaRecorder".into()).unwrap_or(false);
    has.then(|| {
        TYPES
            .into_iter()
            .find(|t| MediaRecorder::is_type_supported(t))
    })?
}

/// A film in the making, shared by the tasks that play it (none until the first).
#[derive(Clone, Default)]
pub struct Reel(Rc<RefCell<Option<Film>>>);

impl PartialEq for Reel {
    fn eq(&self, other: &Reel) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Reel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Reel")
    }
}

/// Runs the film's next piece of work: what the recorder is told.
pub async fn run(work: FilmWork) -> RecordMsg {
    let (job, reel, gif) = match work {
        FilmWork::Play { job, reel, gif } => (job, reel, gif),
        FilmWork::Stop(reel) => {
            stop(&reel);
            return RecordMsg::Stopped;
        }
    };
    let film = match stretch(&reel, gif).await {
        Ok(Some(done)) => return RecordMsg::Played { job, done },
        Ok(None) => finish(&reel).await,
        Err(why) => Err(why),
    };
    stop(&reel);
    RecordMsg::Filmed { job, film }
}

/// Stops a film, keeping nothing of it.
fn stop(reel: &Reel) {
    if let Some(film) = reel.0.borrow_mut().take() {
        let _ = film.recorder.stop();
        film.track.stop();
    }
}

fn said(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_else(|| "the browser would not record".into())
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Plays frames for about [`STRETCH_MS`]: the frames shown so far, or none once all are.
async fn stretch(reel: &Reel, gif: Option<Vec<u8>>) -> Result<Option<u32>, String> {
    if let Some(gif) = gif {
        let film = Film::new(gif)?;
        *reel.0.borrow_mut() = Some(film);
    }
    let began = now();
    loop {
        let wait = match reel.0.borrow().as_ref() {
            Some(film) if film.ended => return Ok(None),
            Some(film) => film.due - (now() - film.began),
            None => return Err("cancelled".into()),
        };
        if wait >= 1.0 {
            gloo_timers::future::TimeoutFuture::new(wait as u32).await;
        }
        let mut held = reel.0.borrow_mut();
        let film = held.as_mut().ok_or("cancelled")?;
        film.show()?;
        if now() - began > STRETCH_MS {
            return Ok(Some(film.done));
        }
    }
}

/// Stops the recorder once it has the last frame: the WebM's bytes.
async fn finish(reel: &Reel) -> Result<Vec<u8>, String> {
    gloo_timers::future::TimeoutFuture::new(SETTLE_MS).await;
    let (recorder, parts) = match reel.0.borrow().as_ref() {
        Some(film) => (film.recorder.clone(), film.parts.clone()),
        None => return Err("cancelled".into()),
    };
    let stopped = Promise::new(&mut |resolve: Function, _| recorder.set_onstop(Some(&resolve)));
    recorder.stop().map_err(said)?;
    JsFuture::from(stopped).await.map_err(said)?;
    let sequence: Array = parts.borrow().iter().collect();
    let options = BlobPropertyBag::new();
    options.set_type("video/webm");
    let blob = Blob::new_with_blob_sequence_and_options(&sequence, &options).map_err(said)?;
    let bytes = JsFuture::from(blob.array_buffer()).await.map_err(said)?;
    Ok(Uint8Array::new(&bytes).to_vec())
}

/// The canvas, its stream's track and the recorder, and where the playing is.
struct Film {
    frames: Frames,
    context: CanvasRenderingContext2d,
    track: CanvasCaptureMediaStreamTrack,
    recorder: MediaRecorder,
    parts: Rc<RefCell<Vec<Blob>>>,
    _on_data: Closure<dyn FnMut(BlobEvent)>,
    /// When the first frame was shown, and when the next is due after it (ms).
    began: f64,
    due: f64,
    done: u32,
    /// The last frame's delay is over and pushed again.
    ended: bool,
}

impl Film {
    /// A canvas the GIF's size and a recorder of it, started.
    fn new(gif: Vec<u8>) -> Result<Film, String> {
        let mime = webm_type().ok_or("this browser cannot record WebM")?;
        let frames = Frames::new(gif)?;
        let (width, height) = frames.size();
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(said)?
            .unchecked_into();
        canvas.set_width(width);
        canvas.set_height(height);
        let context: CanvasRenderingContext2d = canvas
            .get_context("2d")
            .map_err(said)?
            .ok_or("no 2D canvas")?
            .unchecked_into();
        // Rate 0: a frame is captured only when asked, at the GIF frame's time.
        let stream = canvas
            .capture_stream_with_frame_request_rate(0.0)
            .map_err(said)?;
        let track = stream.get_video_tracks().get(0).unchecked_into();
        let options = MediaRecorderOptions::new();
        options.set_mime_type(mime);
        options.set_video_bits_per_second(WEBM_BITS_PER_SECOND);
        let recorder =
            MediaRecorder::new_with_media_stream_and_media_recorder_options(&stream, &options)
                .map_err(said)?;
        let parts = Rc::new(RefCell::new(Vec::new()));
        let kept = parts.clone();
        let on_data = Closure::<dyn FnMut(BlobEvent)>::new(move |e: BlobEvent| {
            kept.borrow_mut().extend(e.data());
        });
        recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
        // Recording at once ("start" is only heard once a frame comes, so not awaited).
        recorder.start().map_err(said)?;
        Ok(Film {
            frames,
            context,
            track,
            recorder,
            parts,
            _on_data: on_data,
            began: now(),
            due: 0.0,
            done: 0,
            ended: false,
        })
    }

    /// Shows the next frame (or, after the last, pushes the last again) and asks the
    /// stream to capture it.
    fn show(&mut self) -> Result<(), String> {
        let (width, height) = self.frames.size();
        let Some((rgba, delay_cs)) = self.frames.next_frame()? else {
            // The last frame again, redrawn: a canvas unchanged gives the stream nothing.
            let (w, h) = (width as f64, height as f64);
            let last = self.context.get_image_data(0.0, 0.0, w, h).map_err(said)?;
            self.context.put_image_data(&last, 0.0, 0.0).map_err(said)?;
            self.track.request_frame();
            self.ended = true;
            return Ok(());
        };
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), width, height)
            .map_err(said)?;
        self.context
            .put_image_data(&image, 0.0, 0.0)
            .map_err(said)?;
        self.track.request_frame();
        if self.done == 0 {
            (self.began, self.due) = (now(), 0.0);
        }
        self.due += delay_cs as f64 * 10.0;
        self.done += 1;
        Ok(())
    }
}
