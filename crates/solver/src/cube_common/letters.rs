//! Reading a cube state as text, as both cubes do: one letter per sticker, whitespace
//! ignored. Only the shape is checked here; each cube words what is wrong its own way
//! and then checks the colouring (`colour_count` first).

/// Why a text is not a state of `N` letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misread {
    /// It has this many characters other than whitespace, not `N`.
    Count(usize),
    /// The character at `index` (counting from 0, whitespace skipped) is not an ASCII
    /// letter.
    NotALetter { index: usize, found: char },
}

/// The `N` characters of `text` other than whitespace, each an ASCII letter, as typed.
pub fn read_letters<const N: usize>(text: &str) -> Result<[u8; N], Misread> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.len() != N {
        return Err(Misread::Count(chars.len()));
    }
    let mut out = [0u8; N];
    for (index, (&found, letter)) in chars.iter().zip(&mut out).enumerate() {
        if !found.is_ascii_alphabetic() {
            return Err(Misread::NotALetter { index, found });
        }
        *letter = found as u8;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_read_as_typed_without_whitespace() {
        assert_eq!(read_letters::<4>(" Wg\nrB "), Ok(*b"WgrB"));
    }

    #[test]
    fn a_wrong_count_comes_before_a_wrong_character() {
        assert_eq!(read_letters::<4>("WG1"), Err(Misread::Count(3)));
        assert_eq!(read_letters::<4>("W G R B O"), Err(Misread::Count(5)));
        assert_eq!(
            read_letters::<4>("W G R é"),
            Err(Misread::NotALetter {
                index: 3,
                found: 'é'
            })
        );
        assert_eq!(
            read_letters::<2>("1é"),
            Err(Misread::NotALetter {
                index: 0,
                found: '1'
            })
        );
    }
}
