//! The proof workers building the same table meet on a BroadcastChannel named after it
//! (`puzzlelab-build-` and the table's key): each posts the pieces of the shared layers
//! it finished (`[level, depth, 0, block, added, bytes]` for a block, `[level, depth, 1,
//! worker, stretch, bytes]` for a stretch of its whole table) and takes in the others'
//! (`h16_build/shared.rs` says which layers and pieces, and checks what comes in). The
//! channel is open only while this worker builds; what arrives between two batches waits
//! here, at most [`INBOX`] pieces (one not taken in is work this worker does itself).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use js_sys::{Array, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

use puzzlelab_solver::rubik::optimal_tables::h16_build::{Piece, PieceKind};
use puzzlelab_solver::rubik::optimal_tables::stored::StoredTable;
use puzzlelab_worker::rubik_optimal::BuildMates;

/// Pieces waiting at most (a block is about 600 KB at level 0, a stretch 4 MB): a worker
/// takes them in every batch, so only one busy elsewhere gets near it, and then the
/// oldest go.
const INBOX: usize = 64;

pub struct Channel {
    channel: BroadcastChannel,
    inbox: Rc<RefCell<VecDeque<JsValue>>>,
    /// Held so the handler lives as long as the channel.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Channel {
    /// The channel of `table`'s builders, if the browser has BroadcastChannel.
    pub fn join(table: StoredTable) -> Option<Channel> {
        let channel = BroadcastChannel::new(&format!("puzzlelab-build-{}", table.key)).ok()?;
        let inbox: Rc<RefCell<VecDeque<JsValue>>> = Rc::default();
        let to = inbox.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let mut inbox = to.borrow_mut();
            if inbox.len() >= INBOX {
                inbox.pop_front();
            }
            inbox.push_back(e.data());
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(Channel {
            channel,
            inbox,
            _on_message: on_message,
        })
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

/// A piece read back from a message, if it is one.
fn piece_of(message: &JsValue) -> Option<Piece> {
    let fields: &Array = message.dyn_ref()?;
    let number = |i: u32| {
        fields
            .get(i)
            .as_f64()
            .filter(|n| n.fract() == 0.0 && *n >= 0.0)
    };
    let bytes: Uint8Array = fields.get(5).dyn_into().ok()?;
    let a = u32::try_from(number(3)? as u64).ok()?;
    let kind = match number(2)? as u64 {
        0 => PieceKind::Block {
            block: a,
            added: number(4)? as u64,
        },
        1 => PieceKind::Table {
            from: a,
            stretch: u32::try_from(number(4)? as u64).ok()?,
        },
        _ => return None,
    };
    Some(Piece {
        level: u8::try_from(number(0)? as u64).ok()?,
        depth: u8::try_from(number(1)? as u64).ok()?,
        kind,
        bytes: bytes.to_vec(),
    })
}

impl BuildMates for Channel {
    fn send(&self, piece: &Piece) {
        let (kind, a, b) = match piece.kind {
            PieceKind::Block { block, added } => (0, block, added as f64),
            PieceKind::Table { from, stretch } => (1, from, stretch as f64),
        };
        let message = Array::new();
        message.push(&piece.level.into());
        message.push(&piece.depth.into());
        message.push(&kind.into());
        message.push(&a.into());
        message.push(&b.into());
        message.push(&Uint8Array::from(piece.bytes.as_slice()));
        // A mate that went away is no error: each worker can finish alone.
        let _ = self.channel.post_message(&message);
    }

    fn next(&self) -> Option<Piece> {
        loop {
            let message = self.inbox.borrow_mut().pop_front()?;
            if let Some(piece) = piece_of(&message) {
                return Some(piece);
            }
        }
    }
}
