//! The knight's backtracking tree beside its search player: the page's own search (same
//! rule and options as the worker's) recorded on this thread for boards up to 36 squares,
//! grown a budget of steps per frame up to the step the player shows, drawn by the shared
//! icicle (`widgets/search_tree.rs`), with the story in one line.

use yew::prelude::*;

use crate::app::knight::tree::KnightTree;

use crate::app::widgets::numbers::group;
use crate::app::widgets::numbers::group_big;
use crate::app::widgets::search_tree::{cut_formula, SearchTree as TreeView};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::tree_search::MAX_KNIGHT_TREE_NODES;
use puzzlelab_solver::tree::{pow, CellKind, Icicle};

/// Tree cells narrower than this share of the width fold into their parent.
const MIN_CELL: f64 = 1.0 / 1500.0;

/// The icicle drawn at the step the player shows (as far as the tree has been built), and
/// that step: the panel's and the saved picture's.
pub fn icicle_shown(knight: &KnightTree, step: u64) -> (u64, Icicle) {
    let built = knight.furthest().min(step);
    (built, knight.tree().icicle(built, MIN_CELL))
}

/// The tree at the step the player shows (as far as it has been built), with its story.
pub fn tree_panel(
    knight: &KnightTree,
    board: Board,
    step: u64,
    selected: Option<u32>,
    onselect: Callback<u32>,
) -> Html {
    let tree = knight.tree();
    let (built, ice) = icicle_shown(knight, step);
    let n = board.squares();
    let sequences = pow(8, n - 1);
    let big = group_big;
    let first_cut = ice.cells.iter().find_map(|cell| match cell.kind {
        CellKind::Cut {
            count,
            exponent,
            eliminated,
            ..
        } if cell.depth >= 2 => Some(cut_formula(count, 8, exponent, eliminated)),
        _ => None,
    });
    let behind = built < step;
    let truncated = tree.truncated_at().filter(|&at| at <= step);
    html! {
        <div class="tree-panel">
            <p class="story" data-sequences={sequences.to_string()} data-nodes={ice.nodes.to_string()}
                data-eliminated={ice.eliminated.to_string()}>
                { format!("8^{} = {} jump sequences from the start; {} nodes, {} jumps cut off ({} sequences), {} tour{}",
                    n - 1, big(sequences), group(ice.nodes), group(ice.cuts), big(ice.eliminated),
                    group(ice.solutions), if ice.solutions == 1 { "" } else { "s" }) }
                { match first_cut { Some(f) => format!(" (a cut one jump down: {f})."), None => ".".to_string() } }
                if ice.solutions > 0 {
                    {" The search stops at its first tour: the rest of the tree is never searched."}
                }
            </p>
            if behind {
                <p class="hint" data-tree-building="">{ format!("Building the tree: step {} of {}…", group(built), group(step)) }</p>
            }
            if let Some(at) = truncated {
                <p class="hint tree-limit" data-tree-truncated={at.to_string()}>
                    { format!("The tree is drawn for its first {} nodes (up to step {}); the search goes on beyond them.",
                        group(MAX_KNIGHT_TREE_NODES as u64), group(at)) }
                </p>
            }
            <TreeView icicle={ice} base={8} candidates="jump sequences" selected={selected}
                label={Callback::from(move |(_, sq): (u32, u32)| board.name(sq))}
                {onselect} />
        </div>
    }
}
