//! A search tree (the knight's or the queens') as the page draws its icicle: one `rect`
//! per node entered (`data-node`, `data-depth`, `data-move`: the square its move or queen
//! went to, `data-count`, `data-solutions`, `data-kind`: `solution` when its subtree holds
//! one, `dead-end` when it is closed without one, `open` while the search is below it),
//! one per run of children a check cut off (`data-cut`, `data-eliminated`), in the page's
//! colours; a node wide enough for its move's name carries it as text, as on the page.

use puzzlelab_solver::board::Board;
use puzzlelab_solver::queens::square_name;
use puzzlelab_solver::tree::{Cell, CellKind, Icicle};

use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, Theme};

/// The drawing's width and a row's height, as the page's.
const W: f64 = 1000.0;
const ROW: f64 = 44.0;

/// Whose tree it is: names its moves and its file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TreeOf {
    /// The board and the start square.
    Knight(Board, u32),
    Queens(u32),
}

impl TreeOf {
    /// The name of the move into a node at `depth` by `choice` (a square; a queen's row).
    fn label(self, depth: u32, choice: u32) -> String {
        match (self, depth) {
            (_, 0) => "start".into(),
            (TreeOf::Knight(board, _), _) => board.name(choice),
            (TreeOf::Queens(_), d) => square_name(d - 1, choice),
        }
    }
}

/// The tree drawn at one step, in `theme`, with `link` in its metadata.
pub fn tree(of: TreeOf, ice: &Icicle, theme: Theme, link: &str) -> Result<String, String> {
    if ice.cells.is_empty() {
        return Err("the search tree is empty".into());
    }
    let c = theme.colours();
    let height = ice.rows.max(1) as f64 * ROW;
    let title = format!(
        "Search tree: {} nodes, {} cut off, {} solutions",
        ice.nodes, ice.cuts, ice.solutions
    );
    let mut svg = Svg::new(W, height, &title, link, c.panel);
    svg.write(format_args!(
        "<g data-tree=\"\" data-nodes=\"{}\" data-cuts=\"{}\" data-solutions=\"{}\" data-hidden=\"{}\" font-family=\"sans-serif\" font-size=\"16\" text-anchor=\"middle\">",
        ice.nodes, ice.cuts, ice.solutions, ice.hidden
    ));
    for cell in &ice.cells {
        draw(&mut svg, of, cell, theme);
    }
    svg.push("</g>");
    Ok(svg.finish())
}

/// One cell: a node's rect (and its move's name when it fits) or a run of cuts.
fn draw(svg: &mut Svg, of: TreeOf, cell: &Cell, theme: Theme) {
    let c = theme.colours();
    let x = cell.x * W;
    let w = (cell.width * W - 0.6).max(0.4);
    let y = cell.depth as f64 * ROW;
    let frame = format!(
        "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x),
        num(y),
        num(w),
        num(ROW - 3.0)
    );
    let (id, choice, count, solutions, open, folded) = match cell.kind {
        CellKind::Cut {
            parent, eliminated, ..
        } => {
            svg.write(format_args!(
                "<rect data-cut=\"{parent}\" data-depth=\"{}\" data-eliminated=\"{eliminated}\" {frame} fill=\"{cut}\" fill-opacity=\".28\" stroke=\"{cut}\" stroke-opacity=\".55\" stroke-width=\".5\"/>",
                cell.depth,
                cut = fixed::CUT
            ));
            return;
        }
        CellKind::Node {
            id,
            choice,
            count,
            solutions,
            open,
            folded,
        } => (id, choice, count, solutions, open, folded),
    };
    let label = of.label(cell.depth, choice);
    let (kind, fill, ink) = match (solutions > 0, open) {
        (true, _) => ("solution", fixed::SOLVED, "#ffffff"),
        (false, true) => ("open", c.light, fixed::TREE_TEXT),
        (false, false) => ("dead-end", c.light, fixed::TREE_TEXT),
    };
    let (stroke, width) = if open {
        (c.accent, "3")
    } else {
        (c.panel, ".6")
    };
    svg.write(format_args!(
        "<rect data-node=\"{id}\" data-depth=\"{}\" data-move=\"{}\" data-count=\"{count}\" data-solutions=\"{solutions}\" data-kind=\"{kind}\"{} {frame} fill=\"{fill}\"{} stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
        cell.depth,
        escape(&label),
        if folded { " data-folded=\"\"" } else { "" },
        if folded { " fill-opacity=\".75\"" } else { "" },
    ));
    // As the page: the name only where it fits.
    if w > 11.0 * label.chars().count() as f64 {
        svg.write(format_args!(
            "<text x=\"{}\" y=\"{}\" fill=\"{ink}\">{}</text>",
            num(x + w / 2.0),
            num(y + ROW * 0.62),
            escape(&label)
        ));
    }
}

/// `knight-5x5-a1-tree-step-40.svg`, `queens-6-tree-step-40.svg`.
pub fn file_name(of: TreeOf, step: u64, ext: &str) -> String {
    match of {
        TreeOf::Knight(board, start) => format!(
            "knight-{}x{}-{}-tree-step-{step}.{ext}",
            board.width(),
            board.height(),
            board.name(start).replace(',', "-")
        ),
        TreeOf::Queens(n) => format!("queens-{n}-tree-step-{step}.{ext}"),
    }
}
