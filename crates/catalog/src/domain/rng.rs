//! A small deterministic random generator (SplitMix64) for generated art and
//! demo data: the same seed always draws the same picture and catalog.

#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// Seeds from text (FNV-1a), so a title always gets the same art.
    pub fn from_text(text: &str) -> Rng {
        let hash = text
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
        Rng::new(hash)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 { 0 } else { self.next_u64() % bound }
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        if high <= low {
            return low;
        }
        low + self.below((high - low + 1) as u64) as i64
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn is_deterministic_and_bounded() {
        let mut first = Rng::from_text("Crimson Frontier");
        let mut second = Rng::from_text("Crimson Frontier");
        for _ in 0..100 {
            assert_eq!(first.next_u64(), second.next_u64());
            let value = first.range(3, 7);
            second.range(3, 7);
            assert!((3..=7).contains(&value));
        }
        assert_ne!(Rng::from_text("a").next_u64(), Rng::from_text("b").next_u64());
        assert_eq!(Rng::new(1).below(0), 0);
    }
}
