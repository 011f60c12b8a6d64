//! How every page writes a number: thousands grouped with commas in text, counts, charts and
//! tables, and a short form where a chart's label has little room. One helper, plain Rust
//! (tested natively), so no chart grows its own.

/// 3674160 → "3,674,160".
pub fn group(n: u64) -> String {
    group_big(n as u128)
}

/// 4722366482869645213696 → "4,722,366,482,869,645,213,696".
pub fn group_big(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// 1847 → "1.8k", 870072 → "870k", 1887748 → "1.9M": for labels with little room.
pub fn short(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=9_999 => format!("{:.1}k", n as f64 / 1e3),
        10_000..=999_999 => format!("{}k", n / 1_000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// How long, in words: "3.2 s", "4 min", "2.5 h", "3 days".
pub fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 60.0 => format!("{s:.1} s"),
        s if s < 3600.0 => format!("{:.0} min", s / 60.0),
        s if s < 86_400.0 * 2.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.0} days", s / 86_400.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands_at_every_length() {
        let cases = [
            (0u128, "0"),
            (7, "7"),
            (999, "999"),
            (1_000, "1,000"),
            (12_345, "12,345"),
            (3_674_160, "3,674,160"),
            (u64::MAX as u128, "18,446,744,073,709,551,615"),
        ];
        for (n, text) in cases {
            assert_eq!(group_big(n), text);
            // Taking the commas out gives the number back.
            assert_eq!(text.replace(',', "").parse::<u128>().unwrap(), n);
        }
        assert_eq!(group(1_000_000), "1,000,000");
    }

    #[test]
    fn short_forms_round_to_what_fits() {
        assert_eq!(short(999), "999");
        assert_eq!(short(1_847), "1.8k");
        assert_eq!(short(870_072), "870k");
        assert_eq!(short(1_887_748), "1.9M");
    }

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(duration(3.24), "3.2 s");
        assert_eq!(duration(240.0), "4 min");
        assert_eq!(duration(9000.0), "2.5 h");
        assert_eq!(duration(86_400.0 * 3.0), "3 days");
    }
}
