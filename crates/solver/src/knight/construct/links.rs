//! A tour under construction as each square's two tour neighbours: pieces are joined
//! edge by edge and spliced, then the whole is read off by walking the links.

/// No neighbour (yet).
pub const NONE: u32 = u32::MAX;

/// Each square's (up to) two tour neighbours.
pub struct Links {
    w: u32,
    link: Vec<[u32; 2]>,
}

impl Links {
    pub fn new(w: u32, h: u32) -> Links {
        Links {
            w,
            link: vec![[NONE; 2]; (w * h) as usize],
        }
    }

    pub fn join(&mut self, a: u32, b: u32) {
        for (from, to) in [(a, b), (b, a)] {
            let slot = &mut self.link[from as usize];
            if slot[0] == NONE {
                slot[0] = to;
            } else {
                slot[1] = to;
            }
        }
    }

    fn replace(&mut self, at: u32, old: u32, new: u32) -> bool {
        let slot = &mut self.link[at as usize];
        match slot.iter().position(|&s| s == old) {
            Some(i) => {
                slot[i] = new;
                true
            }
            None => false,
        }
    }

    /// Removes edges a–b and c–d, adds a–c and b–d.
    pub fn splice(
        &mut self,
        a: (u32, u32),
        b: (u32, u32),
        c: (u32, u32),
        d: (u32, u32),
    ) -> Result<(), String> {
        let [a, b, c, d] = [a, b, c, d].map(|(x, y)| y * self.w + x);
        let ok = self.replace(a, b, c)
            && self.replace(b, a, d)
            && self.replace(c, d, a)
            && self.replace(d, c, b);
        ok.then_some(())
            .ok_or_else(|| "a splice edge was missing".to_string())
    }

    /// Follows the links from `start` (an end of the path, or anywhere on a cycle).
    pub fn walk(&self, start: u32) -> Vec<u32> {
        let mut path = Vec::with_capacity(self.link.len());
        let (mut prev, mut at) = (NONE, start);
        loop {
            path.push(at);
            let [p, q] = self.link[at as usize];
            let next = if p != prev && p != NONE { p } else { q };
            if next == NONE || next == start || path.len() > self.link.len() {
                return path;
            }
            (prev, at) = (at, next);
        }
    }
}
