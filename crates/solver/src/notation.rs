//! The one reader of cube move notation (WCA's, as both cubes write it): a letter, then
//! `w` for a wide turn, then `2` for a half turn, then a prime (`'`, `’`, or the older
//! `i`) for counter-clockwise. Spaces and commas between moves are optional. Which letters
//! are moves is each cube's to say (`cube::moves`, `rubik::moves`); the shape of a token,
//! and the errors about it, are the same for both.

/// One move as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub letter: char,
    /// Followed by `w` (`Rw`).
    pub wide: bool,
    /// Quarter turns clockwise: 1, 2 or 3 (`U2'` is a half turn, as `U2`).
    pub amount: u8,
    /// Where the letter is, counting characters from 1 (for messages).
    pub position: usize,
}

/// Whether `c` counts as a prime.
fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | 'i')
}

/// Splits `text` into tokens. Fails, saying where, on a turn amount or prime with no
/// letter before it and on a digit other than 2; unknown letters are left to the cube.
pub fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        if letter.is_whitespace() || letter == ',' {
            i += 1;
            continue;
        }
        let position = i + 1;
        if letter.is_ascii_digit() || matches!(letter, '\'' | '’') {
            return Err(format!(
                "'{letter}' at position {position} has no move before it: write the letter \
                 first, as in U2 or U'"
            ));
        }
        i += 1;
        let wide = chars.get(i) == Some(&'w');
        if wide {
            i += 1;
        }
        let mut amount = 1u8;
        match chars.get(i) {
            Some('2') => {
                amount = 2;
                i += 1;
            }
            Some(d) if d.is_ascii_digit() => {
                return Err(format!(
                    "'{d}' at position {} is not a turn amount: write 2 for a half turn or ' \
                     for counter-clockwise",
                    i + 1
                ))
            }
            _ => {}
        }
        if chars.get(i).is_some_and(|&c| is_prime(c)) {
            amount = (4 - amount) % 4; // U' = 3, U2' = 2
            i += 1;
        }
        tokens.push(Token {
            letter,
            wide,
            amount,
            position,
        });
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes(text: &str) -> Vec<(char, bool, u8)> {
        tokenize(text)
            .unwrap()
            .iter()
            .map(|t| (t.letter, t.wide, t.amount))
            .collect()
    }

    #[test]
    fn letters_wide_amounts_and_primes() {
        assert_eq!(
            shapes("R U2 F' Rw2' x, Ri B’ u"),
            [
                ('R', false, 1),
                ('U', false, 2),
                ('F', false, 3),
                ('R', true, 2),
                ('x', false, 1),
                ('R', false, 3),
                ('B', false, 3),
                ('u', false, 1)
            ]
        );
        assert_eq!(shapes("RUR'U'").len(), 4);
        assert!(tokenize(" , ").unwrap().is_empty());
        let t = tokenize("R  Q").unwrap();
        assert_eq!((t[1].letter, t[1].position), ('Q', 4));
    }

    #[test]
    fn modifiers_without_a_move_say_where() {
        assert!(tokenize("2").unwrap_err().contains("position 1"));
        assert!(tokenize("R''").unwrap_err().contains("position 3"));
        assert!(tokenize("R3").unwrap_err().contains("'3' at position 2"));
        assert!(tokenize("Rw5").unwrap_err().contains("'5' at position 3"));
    }
}
