//! What the two big tables (flip × slice × twist and flip × sorted slice × twist) share:
//! an edge value (flip and a slice coordinate) goes through its symmetry class
//! ([`UdClasses`]) to one entry per class × twist, holding the distance mod 3
//! ([`crate::rubik::mod3`]); the table is built by a breadth-first search over class rows
//! ([`SymBuild`]), on threads or in steps, and read back from its bytes.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::checksum;
use super::ud_syms::{UdClasses, N_UD_SYMS};
use crate::rubik::coord::{N_FLIP, N_TWIST};
use crate::rubik::coord_moves::CoordMoves;
use crate::rubik::mod3::{self, Mod3Cells, UNSEEN};
use crate::rubik::moves::N_MOVES;
use crate::table_bytes::TableBytes;

/// The edge coordinates of a big table: how they are grouped, and how a turn moves them.
pub trait EdgeSyms: Sync {
    /// Edge classes (its entries are these × twist).
    const N_CLASSES: usize;
    /// The most turns the search for the table runs to (no entry is farther).
    const MAX_DEPTH: u8;
    /// Whether the slice coordinate says where each middle-layer edge is (the sorted
    /// slice), not only which positions they hold.
    const SORTED_SLICE: bool;
    /// The edge values grouped under the symmetries.
    fn classes(&self) -> &UdClasses;
    /// The slice coordinate (the table's own: sorted or not) after turn `m`.
    fn edge_move(&self, moves: &CoordMoves, edge: u16, m: usize) -> u16;
    /// Bytes held.
    fn bytes(&self) -> usize;

    /// Entries: class × twist.
    const N_ENTRIES: usize = Self::N_CLASSES * N_TWIST;
    /// Bytes of the table (four entries a byte).
    const TABLE_BYTES: usize = Self::N_ENTRIES.div_ceil(4);

    /// Flip and a slice coordinate as one edge value (the index into [`UdClasses::of`]).
    #[inline(always)]
    fn edge_index(flip: u16, edge: u16) -> usize {
        edge as usize * N_FLIP + flip as usize
    }

    /// The table entry of a flip, slice coordinate and twist.
    #[inline]
    fn entry(&self, flip: u16, edge: u16, twist: u16) -> usize {
        self.classes().entry_of(Self::edge_index(flip, edge), twist)
    }
}

/// A big table: distances mod 3 ([`EdgeSyms::TABLE_BYTES`] bytes) and the symmetry
/// tables that index it.
pub struct SymTable<S> {
    pub syms: S,
    data: TableBytes,
}

/// What a build reports: after each breadth-first layer and, on several threads, a few
/// times a second within one.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    pub depth: u8,
    /// Entries whose distance is known.
    pub filled: usize,
}

impl<S: EdgeSyms> SymTable<S> {
    /// A table read back from [`SymTable::bytes`] (the symmetry tables back if the length
    /// is wrong).
    pub fn from_bytes(syms: S, data: impl Into<TableBytes>) -> Result<SymTable<S>, Box<S>> {
        let data = data.into();
        if data.len() == S::TABLE_BYTES {
            Ok(SymTable { syms, data })
        } else {
            Err(Box::new(syms))
        }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// Breadth-first search from solved on `threads` threads (1 in a browser worker).
    pub fn build(
        moves: &CoordMoves,
        syms: S,
        threads: usize,
        mut progress: impl FnMut(BuildProgress),
    ) -> SymTable<S> {
        let mut build = SymBuild::new(moves, syms);
        while !build.is_done() {
            build.threaded_layer(moves, threads.max(1), &mut progress);
            progress(build.progress());
        }
        build.finish()
    }

    /// The class of edge value `v`, where it lives (for a prefetch).
    #[inline(always)]
    pub fn class_slot(&self, v: usize) -> &u32 {
        &self.syms.classes().of[v]
    }

    /// The byte holding entry `i` (for a prefetch).
    #[inline(always)]
    pub fn entry_byte(&self, i: usize) -> &u8 {
        &self.data[i >> 2]
    }

    /// Entry `i`'s distance mod 3.
    #[inline(always)]
    pub fn residue(&self, i: usize) -> u8 {
        mod3::residue(&self.data, i)
    }

    /// The exact distance of a flip, slice coordinate and twist, stepping one closer at a
    /// time.
    pub fn distance(&self, moves: &CoordMoves, fl: u16, edge: u16, tw: u16) -> u8 {
        let residue = |(f, e, t): (u16, u16, u16)| self.residue(self.syms.entry(f, e, t));
        let next = |(f, e, t): (u16, u16, u16), m: usize| {
            Some((
                moves.flip_move[f as usize * N_MOVES + m],
                self.syms.edge_move(moves, e, m),
                moves.twist_move[t as usize * N_MOVES + m],
            ))
        };
        mod3::walk(
            residue,
            (fl, edge, tw),
            |p| p == (0, 0, 0),
            S::MAX_DEPTH,
            next,
        )
    }

    /// The checksum the stored copies are checked by ([`checksum::checksum`]).
    pub fn checksum(data: &[u8]) -> u64 {
        checksum::checksum(data)
    }
}

/// The breadth-first search's view of a table being built.
struct Builder<'a, S> {
    moves: &'a CoordMoves,
    syms: &'a S,
    cells: Mod3Cells<'a>,
}

impl<S: EdgeSyms> Builder<'_, S> {
    /// Sets entry `i` and its twins: an entry of a class whose representative a symmetry
    /// fixes stands for the same positions as its twist's image under that symmetry.
    fn set_with_twins(&self, i: usize, v: u8) -> usize {
        let mut count = self.cells.set(i, v) as usize;
        let (class, tw) = (i / N_TWIST, i % N_TWIST);
        let classes = self.syms.classes();
        let fixed = classes.fixed_by[class];
        if fixed > 1 {
            for s in 1..N_UD_SYMS {
                if fixed & (1 << s) != 0 {
                    let t = classes.twist_conj[tw * N_UD_SYMS + s] as usize;
                    count += self.cells.set(class * N_TWIST + t, v) as usize;
                }
            }
        }
        count
    }

    /// Per turn, the first entry of the row the class's positions go to and the
    /// symmetry their twists go through.
    fn row_neighbours(&self, class: usize) -> [(usize, usize); N_MOVES] {
        let classes = self.syms.classes();
        let rep = classes.reps[class] as usize;
        let (edge, fl) = ((rep / N_FLIP) as u16, rep % N_FLIP);
        std::array::from_fn(|m| {
            let v = S::edge_index(
                self.moves.flip_move[fl * N_MOVES + m],
                self.syms.edge_move(self.moves, edge, m),
            );
            let of = classes.of[v];
            ((of >> 4) as usize * N_TWIST, (of & 15) as usize)
        })
    }

    /// One layer's work on class rows `rows`: returns the entries it reached.
    fn layer(&self, rows: std::ops::Range<usize>, depth: u8, backward: bool) -> usize {
        let (now, next) = (depth % 3, (depth + 1) % 3);
        let twist_move = &self.moves.twist_move;
        let conj = &self.syms.classes().twist_conj;
        let wanted = if backward { UNSEEN } else { now };
        let mut count = 0;
        for class in rows {
            let row = class * N_TWIST;
            let mut targets = None;
            for tw in 0..N_TWIST {
                if self.cells.get(row + tw) != wanted {
                    continue;
                }
                let targets = *targets.get_or_insert_with(|| self.row_neighbours(class));
                let neighbour = |m: usize| {
                    let (to, s) = targets[m];
                    to + conj[twist_move[tw * N_MOVES + m] as usize * N_UD_SYMS + s] as usize
                };
                if backward {
                    if (0..N_MOVES).any(|m| self.cells.get(neighbour(m)) == now) {
                        self.cells.set(row + tw, next);
                        count += 1;
                    }
                } else {
                    // (Entries three or six layers back share the residue; their
                    // neighbours are all seen, so they add nothing.)
                    for m in 0..N_MOVES {
                        let j = neighbour(m);
                        if self.cells.get(j) == UNSEEN {
                            count += self.set_with_twins(j, next);
                        }
                    }
                }
            }
        }
        count
    }
}

/// Class rows a thread takes at a time.
const ROWS: usize = 256;

/// The breadth-first build as a machine that can stop between class rows:
/// [`SymBuild::step`] does some rows of the current layer, so a browser worker builds a
/// table in short batches (progress between them, and a Stop gets through). The threaded
/// build ([`SymTable::build`]) runs the same layers, each layer's rows shared among
/// threads; either way a layer reaches the same entries, whatever order its rows are done
/// in (an entry set in a layer never has the residue the layer reads).
pub struct SymBuild<S> {
    syms: S,
    data: Vec<u8>,
    /// The layer being searched: the distance of the entries it expands.
    depth: u8,
    /// This layer looks from each unseen entry for a neighbour in the last layer (cheaper
    /// than expanding the last layer once it is large).
    backward: bool,
    /// The next class row of this layer.
    row: usize,
    /// Entries this layer has reached so far.
    added: usize,
    /// Entries known before this layer.
    filled: usize,
    /// Entries the last layer reached.
    last_added: usize,
    done: bool,
}

impl<S: EdgeSyms> SymBuild<S> {
    /// Every entry unseen but solved ([`EdgeSyms::TABLE_BYTES`] allocated here).
    pub fn new(moves: &CoordMoves, syms: S) -> SymBuild<S> {
        let mut build = SymBuild {
            data: crate::huge_pages::filled(S::TABLE_BYTES, 0xFFu8),
            syms,
            depth: 0,
            backward: false,
            row: 0,
            added: 0,
            filled: 0,
            last_added: 0,
            done: false,
        };
        let solved = build.syms.entry(0, 0, 0);
        let count = build.builder(moves).set_with_twins(solved, 0);
        (build.filled, build.last_added) = (count, count);
        build.begin_layer();
        build
    }

    fn builder<'a>(&'a mut self, moves: &'a CoordMoves) -> Builder<'a, S> {
        Builder {
            moves,
            syms: &self.syms,
            cells: Mod3Cells::new(&mut self.data),
        }
    }

    fn begin_layer(&mut self) {
        if self.filled >= S::N_ENTRIES || self.depth >= S::MAX_DEPTH {
            self.done = true;
            return;
        }
        // Forwards while the layer is small; then it is cheaper to look, from each unseen
        // entry, for a neighbour in the last layer.
        self.backward = self.last_added * 2 > S::N_ENTRIES - self.filled;
        self.row = 0;
        self.added = 0;
    }

    fn end_layer(&mut self) {
        if self.added == 0 {
            self.done = true;
            return;
        }
        self.filled += self.added;
        self.last_added = self.added;
        self.depth += 1;
        self.begin_layer();
    }

    /// Works through up to `rows` class rows of the current layer (fewer where the layer
    /// ends: the next call starts the next one); true once the table is complete.
    pub fn step(&mut self, moves: &CoordMoves, rows: usize) -> bool {
        if !self.done {
            let (from, depth, backward) = (self.row, self.depth, self.backward);
            let to = from.saturating_add(rows.max(1)).min(S::N_CLASSES);
            self.added += self.builder(moves).layer(from..to, depth, backward);
            self.row = to;
            if to == S::N_CLASSES {
                self.end_layer();
            }
        }
        self.done
    }

    /// The rest of the current layer, its rows shared among `threads` threads (with
    /// progress a few times a second when there are several).
    fn threaded_layer(
        &mut self,
        moves: &CoordMoves,
        threads: usize,
        progress: &mut impl FnMut(BuildProgress),
    ) {
        if self.done {
            return;
        }
        let (depth, backward, known) = (self.depth, self.backward, self.filled + self.added);
        let added = AtomicUsize::new(0);
        let cursor = AtomicUsize::new(self.row);
        {
            let builder = self.builder(moves);
            let work = || loop {
                let from = cursor.fetch_add(ROWS, Ordering::Relaxed);
                if from >= S::N_CLASSES {
                    break;
                }
                let n = builder.layer(from..(from + ROWS).min(S::N_CLASSES), depth, backward);
                added.fetch_add(n, Ordering::Relaxed);
            };
            if threads == 1 {
                // No thread to spawn in a browser worker.
                work();
            } else {
                std::thread::scope(|s| {
                    let workers: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
                    while !workers.iter().all(|w| w.is_finished()) {
                        std::thread::sleep(std::time::Duration::from_millis(200));
                        progress(BuildProgress {
                            depth,
                            filled: known + added.load(Ordering::Relaxed),
                        });
                    }
                });
            }
        }
        self.added += added.into_inner();
        self.row = S::N_CLASSES;
        self.end_layer();
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Bytes held: the table and its symmetry tables.
    pub fn bytes(&self) -> usize {
        self.data.len() + self.syms.bytes()
    }

    /// The layer under way and the entries known so far.
    pub fn progress(&self) -> BuildProgress {
        BuildProgress {
            depth: self.depth,
            filled: self.filled + self.added,
        }
    }

    /// The layer under way and the part of its rows done (0 to 1).
    pub fn layer_done(&self) -> (usize, f32) {
        (self.depth as usize, self.row as f32 / S::N_CLASSES as f32)
    }

    /// The table (complete once [`SymBuild::is_done`]).
    pub fn finish(self) -> SymTable<S> {
        SymTable {
            syms: self.syms,
            data: self.data.into(),
        }
    }
}
