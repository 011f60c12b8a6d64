//! The first check both cubes make of a colouring: six colours, each on the same number of
//! stickers (4 on the pocket cube, 9 on the Rubik's cube), or a message that counts them.

/// A cube's count: how many stickers each colour has and what the cube calls them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourCount {
    /// Stickers of each colour.
    pub each: usize,
    /// `each` in words, as the message says it ("four").
    pub each_in_words: &'static str,
    /// What the cube calls its stickers ("stickers", "facelets").
    pub stickers: &'static str,
    /// Whether the message lists the counts that are off even when there are not six
    /// colours (the Rubik's cube does; the pocket cube lists them only beside six).
    pub always_list_counts_off: bool,
}

/// The pocket cube's count: six colours on four stickers each.
pub const POCKET: ColourCount = ColourCount {
    each: 4,
    each_in_words: "four",
    stickers: "stickers",
    always_list_counts_off: false,
};

/// The Rubik's cube's count: six colours on nine facelets each.
pub const RUBIK: ColourCount = ColourCount {
    each: 9,
    each_in_words: "nine",
    stickers: "facelets",
    always_list_counts_off: true,
};

impl ColourCount {
    /// The six colours of `colours`, in the order they first appear, or a message saying
    /// how many of each there are.
    pub fn check(&self, colours: impl IntoIterator<Item = u8>) -> Result<Vec<u8>, String> {
        let counts = tally(colours);
        if counts.len() != 6 || counts.iter().any(|&(_, n)| n != self.each) {
            return Err(self.message(&counts));
        }
        Ok(counts.into_iter().map(|(c, _)| c).collect())
    }

    /// "a cube has six colours with four stickers each; this one has 5 colours (…): …".
    fn message(&self, counts: &[(u8, usize)]) -> String {
        let detail = counts
            .iter()
            .map(|&(c, n)| format!("{} ×{n}", c as char))
            .collect::<Vec<_>>()
            .join(", ");
        let off: Vec<String> = counts
            .iter()
            .filter(|&&(_, n)| n != self.each)
            .map(|&(c, n)| format!("{} appears {n} times", c as char))
            .collect();
        let list_off = self.always_list_counts_off || (counts.len() == 6 && !off.is_empty());
        format!(
            "a cube has six colours with {} {} each; this one has {} colours ({detail}){}",
            self.each_in_words,
            self.stickers,
            counts.len(),
            if list_off {
                format!(": {}", off.join(", "))
            } else {
                String::new()
            }
        )
    }
}

/// Each colour with how often it appears, in the order of first appearance.
fn tally(colours: impl IntoIterator<Item = u8>) -> Vec<(u8, usize)> {
    let mut counts: Vec<(u8, usize)> = Vec::new();
    for c in colours {
        match counts.iter_mut().find(|(x, _)| *x == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_colours_of_equal_count_pass_in_order_of_first_appearance() {
        let colours = POCKET.check(*b"WWWWGGRRBBOOGGRRBBOOYYYY").unwrap();
        assert_eq!(colours, b"WGRBOY");
        let nine = b"URFDLB".iter().flat_map(|&c| [c; 9]);
        assert_eq!(RUBIK.check(nine).unwrap(), b"URFDLB");
    }

    #[test]
    fn six_colours_with_counts_off_say_which_on_both_cubes() {
        assert_eq!(
            POCKET.check(*b"WWWWWGRRBBOOGGRRBBOOYYYY").unwrap_err(),
            "a cube has six colours with four stickers each; this one has 6 colours \
             (W ×5, G ×3, R ×4, B ×4, O ×4, Y ×4): W appears 5 times, G appears 3 times"
        );
        let mut rubik: Vec<u8> = b"URFDLB".iter().flat_map(|&c| [c; 9]).collect();
        rubik[9] = b'U';
        assert_eq!(
            RUBIK.check(rubik).unwrap_err(),
            "a cube has six colours with nine facelets each; this one has 6 colours \
             (U ×10, R ×8, F ×9, D ×9, L ×9, B ×9): U appears 10 times, R appears 8 times"
        );
    }

    #[test]
    fn a_wrong_number_of_colours_lists_the_counts_off_only_on_the_rubiks_cube() {
        assert_eq!(
            POCKET.check(*b"WWWWGGRRBBOOGGRRBBOOYYYK").unwrap_err(),
            "a cube has six colours with four stickers each; this one has 7 colours \
             (W ×4, G ×4, R ×4, B ×4, O ×4, Y ×3, K ×1)"
        );
        let mut rubik: Vec<u8> = b"URFDLB".iter().flat_map(|&c| [c; 9]).collect();
        rubik[0] = b'X';
        assert_eq!(
            RUBIK.check(rubik).unwrap_err(),
            "a cube has six colours with nine facelets each; this one has 7 colours \
             (X ×1, U ×8, R ×9, F ×9, D ×9, L ×9, B ×9): X appears 1 times, U appears 8 times"
        );
    }
}
