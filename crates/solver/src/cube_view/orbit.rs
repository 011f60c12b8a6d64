//! The angle the 3D cube is seen from: a yaw about the vertical axis and a pitch about
//! the horizontal one, in whole degrees, as CSS's `rotateX(pitch) rotateY(yaw)` applies
//! them. The default looks down on U, F and R; the link carries it as `view3d=yaw,pitch`.

use std::fmt;

/// A view angle in whole degrees: yaw in −180..=180 (wrapping), pitch in −90..=90.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orbit {
    pub yaw: i32,
    pub pitch: i32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: -35,
            pitch: -28,
        }
    }
}

/// Degrees a key press turns the view.
pub const KEY_STEP: i32 = 15;
/// Degrees per pixel of pointer drag.
pub const DRAG_DEGREES_PER_PIXEL: f64 = 0.5;

impl Orbit {
    pub fn new(yaw: i32, pitch: i32) -> Orbit {
        Orbit {
            yaw: (yaw + 180).rem_euclid(360) - 180,
            pitch: pitch.clamp(-90, 90),
        }
    }

    /// Reads `yaw,pitch` (whole degrees; pitch −90 to 90, yaw any, taken modulo 360).
    pub fn parse(text: &str) -> Result<Orbit, String> {
        let bad = || {
            format!(
                "view3d must be yaw,pitch in whole degrees (pitch -90 to 90), such as -35,-28, not '{text}'"
            )
        };
        let (yaw, pitch) = text.split_once(',').ok_or_else(bad)?;
        let yaw: i32 = yaw.trim().parse().map_err(|_| bad())?;
        let pitch: i32 = pitch.trim().parse().map_err(|_| bad())?;
        if !(-90..=90).contains(&pitch) || !(-100_000..=100_000).contains(&yaw) {
            return Err(bad());
        }
        Ok(Orbit::new(yaw, pitch))
    }

    /// The view after dragging by (dx, dy) pixels: right turns the cube to the right,
    /// down tips its top towards the viewer.
    pub fn dragged(self, dx: f64, dy: f64) -> Orbit {
        Orbit::new(
            self.yaw + (dx * DRAG_DEGREES_PER_PIXEL).round() as i32,
            self.pitch - (dy * DRAG_DEGREES_PER_PIXEL).round() as i32,
        )
    }

    /// The view after an arrow key (`ArrowLeft` … `ArrowDown`), or `None` for other keys.
    pub fn keyed(self, key: &str) -> Option<Orbit> {
        let (dy, dp) = match key {
            "ArrowLeft" => (-KEY_STEP, 0),
            "ArrowRight" => (KEY_STEP, 0),
            "ArrowUp" => (0, KEY_STEP),
            "ArrowDown" => (0, -KEY_STEP),
            _ => return None,
        };
        Some(Orbit::new(self.yaw + dy, self.pitch + dp))
    }

    /// The view from the other side: the faces this one hides (B, L, D from the default).
    pub fn behind(self) -> Orbit {
        Orbit::new(self.yaw + 180, -self.pitch)
    }
}

impl fmt::Display for Orbit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.yaw, self.pitch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_round_trip_and_wrap() {
        let o = Orbit::parse("-35,-28").unwrap();
        assert_eq!(o, Orbit::default());
        assert_eq!(Orbit::parse(&o.to_string()).unwrap(), o);
        assert_eq!(Orbit::parse(" 190 , 10").unwrap(), Orbit::new(-170, 10));
        assert_eq!(Orbit::new(180, 0).yaw, -180);
        assert_eq!(Orbit::new(0, 120).pitch, 90);
    }

    #[test]
    fn bad_angles_say_what_is_expected() {
        for bad in [
            "",
            "10",
            "a,b",
            "10,91",
            "1.5,2",
            "10,-200",
            "99999999999,0",
        ] {
            let e = Orbit::parse(bad).unwrap_err();
            assert!(e.contains("yaw,pitch"), "{bad}: {e}");
        }
    }

    #[test]
    fn drags_and_keys_turn_the_view_and_behind_shows_the_hidden_faces() {
        let o = Orbit::default();
        assert_eq!(o.dragged(30.0, 0.0).yaw, o.yaw + 15);
        assert_eq!(o.dragged(0.0, 400.0).pitch, -90);
        assert_eq!(o.keyed("ArrowRight").unwrap().yaw, o.yaw + KEY_STEP);
        assert_eq!(o.keyed("ArrowUp").unwrap().pitch, o.pitch + KEY_STEP);
        assert_eq!(o.keyed("x"), None);
        assert_eq!(o.behind(), Orbit::new(145, 28));
        assert_eq!(o.behind().behind(), o);
    }
}
