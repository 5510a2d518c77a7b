//! The memory budget of a run: how much the engine may hold for one job (folded
//! classes of an exact enumeration above all), and how sizes are said in messages.
//!
//! Exact work is planned with one cost model for time and memory: its estimate gives
//! both, `auto` switches to Monte Carlo when either is over its budget (and says
//! which), an explicit exact run is refused up front, and the folding itself checks
//! its size as it grows, so a wrong estimate ends in a refusal, not a frozen machine.

/// What an exact run costs: hand evaluations (time) and the memory it holds at its
/// peak, from one estimate (the refusal, `auto` and the time left all read it).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ExactCost {
    /// Hand evaluations the work takes.
    pub evaluations: f64,
    /// Bytes the work holds at its peak.
    pub bytes: f64,
}

/// The memory a run may use by default (512 MiB): a laptop with 8 GB keeps room.
pub const DEFAULT_MEMORY_BUDGET: u64 = 512 << 20;

/// The smallest budget a user may set (32 MiB): below it even Monte Carlo's tables
/// (joined lists of narrow multiway ranges) would not fit.
pub const MIN_MEMORY_BUDGET: u64 = 32 << 20;

/// The largest budget a user may set (1 TiB).
pub const MAX_MEMORY_BUDGET: u64 = 1 << 40;

/// A budget given in MiB (`--memory-mb`, scenario `memory_budget_mb`), in bytes;
/// `None` outside [`MIN_MEMORY_BUDGET`]..=[`MAX_MEMORY_BUDGET`].
pub fn budget_from_mib(mib: u64) -> Option<u64> {
    Some(mib.saturating_mul(1 << 20))
        .filter(|bytes| (MIN_MEMORY_BUDGET..=MAX_MEMORY_BUDGET).contains(bytes))
}

/// "about 7.9 GB", "512 MiB": a size for messages (binary units below 1 GiB read as
/// the budgets are written; decimal GB above, as system monitors show them).
pub fn describe_bytes(bytes: f64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    if !bytes.is_finite() {
        "more than any machine has".to_string()
    } else if bytes >= 1e15 {
        format!("about {:.1e} bytes", bytes)
    } else if bytes >= 1e9 {
        format!("about {:.1} GB", bytes / 1e9)
    } else if bytes >= MIB {
        format!("about {:.0} MiB", bytes / MIB)
    } else {
        format!("about {:.0} KiB", (bytes / 1024.0).max(1.0))
    }
}

/// A budget as the user wrote it: "512 MiB", "2 GiB".
pub fn describe_budget(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_a_user_expects() {
        assert_eq!(describe_bytes(8.66e9), "about 8.7 GB");
        assert_eq!(describe_bytes(300.0 * 1048576.0), "about 300 MiB");
        assert_eq!(describe_bytes(10.0), "about 1 KiB");
        assert_eq!(describe_bytes(f64::INFINITY), "more than any machine has");
        assert_eq!(describe_budget(DEFAULT_MEMORY_BUDGET), "512 MiB");
        assert_eq!(describe_budget(2 << 30), "2 GiB");
        assert_eq!(budget_from_mib(512), Some(DEFAULT_MEMORY_BUDGET));
        assert_eq!(budget_from_mib(31), None);
        assert_eq!(budget_from_mib(u64::MAX), None);
    }
}
