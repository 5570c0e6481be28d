//! Sizes and durations as people write and read them.  A leaf module: every other part of
//! the library may use it, and it uses none of them.

use bytesize::ByteSize;

/// A size for people, in powers of 1024: `2.4 GiB`, `56.0 MiB`.
pub fn human_bytes(bytes: u64) -> String {
    ByteSize::b(bytes).display().iec().to_string()
}

/// Parse a size: a number with an optional unit — `K`, `M`, `G`, `T` (with or without a
/// trailing `B`) count powers of 1000, `KiB`, `MiB`, `GiB`, `TiB` powers of 1024; case and
/// spaces do not matter.  `None` if it is not one (a negative number, an unknown unit).
pub fn parse_size(text: &str) -> Option<u64> {
    text.trim()
        .parse::<ByteSize>()
        .ok()
        .map(|size| size.as_u64())
}

/// `7 s`, `4.7 min`, `45 min`, `1.2 h`, `0.35 s`: a duration for a table's cell.
pub fn human_seconds(secs: f64) -> String {
    if secs < 1.0 {
        format!("{secs:.2} s")
    } else if secs < 10.0 {
        format!("{secs:.1} s")
    } else if secs < 90.0 {
        format!("{secs:.0} s")
    } else if secs < 600.0 {
        format!("{:.1} min", secs / 60.0)
    } else if secs < 5400.0 {
        format!("{:.0} min", secs / 60.0)
    } else {
        format!("{:.1} h", secs / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_both_unit_families() {
        assert_eq!(parse_size("8G"), Some(8_000_000_000));
        assert_eq!(parse_size("4.5GB"), Some(4_500_000_000));
        assert_eq!(parse_size("6GiB"), Some(6 << 30));
        assert_eq!(parse_size(" 500m "), Some(500_000_000));
        assert_eq!(parse_size("16 gib"), Some(16 << 30));
        assert_eq!(parse_size("12"), Some(12));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("8Q"), None);
        assert_eq!(parse_size("-1G"), None);
        assert_eq!(parse_size(""), None);
    }

    #[test]
    fn sizes_print_in_powers_of_1024() {
        assert_eq!(human_bytes(14_300 << 20), "14.0 GiB");
        assert_eq!(human_bytes(56 << 20), "56.0 MiB");
        assert_eq!(parse_size(&human_bytes(6 << 30)), Some(6 << 30));
    }

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(human_seconds(0.354), "0.35 s");
        assert_eq!(human_seconds(7.04), "7.0 s");
        assert_eq!(human_seconds(282.0), "4.7 min");
        assert_eq!(human_seconds(2700.0), "45 min");
        assert_eq!(human_seconds(4320.0), "72 min");
        assert_eq!(human_seconds(7200.0), "2.0 h");
    }
}
