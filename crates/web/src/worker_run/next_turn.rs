//! A turn of the worker's event loop between two batches, so that a Stop (or any message
//! from the page) gets in. A zero timeout is clamped to 4 ms once timers nest five deep,
//! which every long job's chain of batches does: 4 ms idle after each 40 ms batch, a tenth
//! of a proof worker's time. A message posted to itself over a channel waits for nothing
//! but the messages already queued.

use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::MessageChannel;

/// Resolves on the next turn of the event loop, after the messages already queued.
pub async fn next_turn() {
    let Ok(channel) = MessageChannel::new() else {
        // No channels here: a timer still gives the turn, only later.
        TimeoutFuture::new(0).await;
        return;
    };
    let turned = js_sys::Promise::new(&mut |resolve, _| {
        channel.port1().set_onmessage(Some(&resolve));
        if channel.port2().post_message(&JsValue::NULL).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(turned).await;
    // The port is closed with the channel; nothing more arrives on it.
    channel.port1().set_onmessage(None);
    channel.port1().close();
}
