//! Generates the hand evaluator's lookup tables at compile time (see src/eval/table_builder.rs)
//! and the Omaha 8-or-better low table (src/eval/low_table.rs).

#[path = "src/eval/table_builder.rs"]
mod table_builder;

#[path = "src/eval/low_table.rs"]
mod low_table;

fn main() {
    println!("cargo:rerun-if-changed=src/eval/table_builder.rs");
    let tables = table_builder::build();
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(
        out.join("eval_tables.rs"),
        table_builder::to_rust_source(&tables),
    )
    .expect("write eval tables");
    println!("cargo:rerun-if-changed=src/eval/low_table.rs");
    std::fs::write(out.join("low_table.bin"), low_table::build_low_table())
        .expect("write the low table");
}
