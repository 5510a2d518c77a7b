//! Fallback fonts: egui's own fonts have no Chinese, Japanese or Korean glyphs, and hand
//! histories hold such player names. The first CJK font found on the system is added
//! after the default fonts, so those names show as text instead of boxes.

/// Fonts with CJK glyphs where Debian, Ubuntu, Fedora, macOS and Windows keep them, the
/// smallest first (Debian's `fonts-droid-fallback`, which the install script adds).
const CJK_FONTS: [&str; 8] = [
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:\\Windows\\Fonts\\msyh.ttc",
];

/// The largest font file read (the Noto CJK collection is about 20 MB).
const MAX_FONT_BYTES: u64 = 64 << 20;

/// Adds the first CJK font found as the last fallback of every text style; no font
/// found changes nothing (the names then show as boxes, as before).
pub(crate) fn add_fallbacks(ctx: &egui::Context) {
    add_first_of(ctx, &CJK_FONTS);
}

/// Adds the first font of `paths` that reads; which one, if any.
fn add_first_of<'a>(ctx: &egui::Context, paths: &[&'a str]) -> Option<&'a str> {
    let (path, bytes) = paths
        .iter()
        .find_map(|p| read_font(std::path::Path::new(p)).map(|b| (*p, b)))?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "cjk-fallback".into(),
        std::sync::Arc::new(egui::FontData::from_owned(bytes)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("cjk-fallback".into());
    }
    ctx.set_fonts(fonts);
    Some(path)
}

fn read_font(path: &std::path::Path) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_FONT_BYTES {
        return None;
    }
    std::fs::read(path).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With the font the install script adds, a Chinese name has its glyphs; a path
    /// that is not a font file changes nothing.
    #[test]
    fn a_cjk_name_gets_its_glyphs_from_the_fallback() {
        let ctx = egui::Context::default();
        let font = egui::FontId::proportional(14.0);
        let has = |ctx: &egui::Context| {
            // A pass loads the fonts set; its texture upload is not needed here.
            ctx.run_ui(Default::default(), |_| {})
                .textures_delta
                .clear();
            ctx.fonts_mut(|f| f.has_glyphs(&font, "王小明"))
        };
        assert!(!has(&ctx), "egui's own fonts have no CJK glyphs");
        assert_eq!(add_first_of(&ctx, &["/nonexistent/font.ttf"]), None);
        assert_eq!(add_first_of(&ctx, &CJK_FONTS[..1]), Some(CJK_FONTS[0]));
        assert!(has(&ctx));
    }
}
