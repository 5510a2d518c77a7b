//! Links the `multiodds` binary at a fixed address (not position-independent) on Linux
//! with glibc: the dynamic loader then has none of its ~30,000 relative relocations to
//! apply at each start, nor their pages to copy — about a third of the smallest runs'
//! start-up (BENCHMARKS.md, "Start-up"). The shared libraries, the heap and the stack
//! stay randomised; only the executable's own image sits where it was linked.

fn main() {
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
