//! Pictures for export: a view's plot drawn in an off-screen egui context at the size
//! asked for, its triangles rasterised in software (no window, no GPU), encoded as PNG
//! by the `png` crate. Runs on any thread, so an export never blocks the UI.

use egui::epaint::{ClippedPrimitive, Primitive};
use egui::{Color32, ColorImage, TextureId};
use std::collections::HashMap;

/// Something that draws itself into a `Ui` of any size (a plot and its title); sent to
/// the thread that renders it.
pub(crate) type Drawing = Box<dyn FnMut(&mut egui::Ui) + Send>;

/// Default size of an exported plot, in pixels.
pub(crate) const DEFAULT_SIZE: [u32; 2] = [1600, 1000];
/// Smallest and largest side of an exported plot, in pixels (4096² is 64 MiB of RGBA).
pub(crate) const SIDE_RANGE: std::ops::RangeInclusive<u32> = 16..=4096;

/// Pixels per point of an exported picture: text and lines as on a high-density screen.
const PIXELS_PER_POINT: f32 = 1.5;

/// Draws `drawing` on a light background, `size` pixels wide and high. A drawing taller
/// or wider than the picture at the usual scale is drawn smaller until all of it fits:
/// a picture never cuts off rows, axes or titles.
pub(crate) fn render(size: [u32; 2], drawing: &mut dyn FnMut(&mut egui::Ui)) -> ColorImage {
    render_fitted(size, drawing).0
}

/// [`render`], and the scale it drew at (1 when the drawing fit at the usual scale).
pub(crate) fn render_fitted(
    size: [u32; 2],
    drawing: &mut dyn FnMut(&mut egui::Ui),
) -> (ColorImage, f32) {
    let [width, height] = size.map(|s| s.clamp(*SIDE_RANGE.start(), *SIDE_RANGE.end()) as usize);
    let mut scale = 1.0f32;
    let mut out = None;
    // Each try measures what the drawing needed; a smaller scale makes room for it.
    for _ in 0..4 {
        let (ctx, shapes, textures, ppp, needed) =
            layout(width, height, PIXELS_PER_POINT * scale, drawing);
        let fits = needed.x <= width as f32 + 1.0 && needed.y <= height as f32 + 1.0;
        out = Some((ctx, shapes, textures, ppp));
        if fits {
            break;
        }
        let shrink = (width as f32 / needed.x)
            .min(height as f32 / needed.y)
            .min(0.97);
        scale *= shrink;
    }
    let (ctx, shapes, textures, pixels_per_point) = out.expect("at least one pass");
    let primitives = ctx.tessellate(shapes, pixels_per_point);
    let mut canvas = ColorImage::filled([width, height], Color32::WHITE);
    for primitive in &primitives {
        rasterise(&mut canvas, primitive, pixels_per_point, &textures);
    }
    (canvas, scale)
}

type Laid = (
    egui::Context,
    Vec<egui::epaint::ClippedShape>,
    HashMap<TextureId, ColorImage>,
    f32,
    egui::Vec2,
);

/// Lays the drawing out at `ppp` pixels per point: its shapes, textures, and the pixels
/// its content needed.
fn layout(width: usize, height: usize, ppp: f32, drawing: &mut dyn FnMut(&mut egui::Ui)) -> Laid {
    let ctx = egui::Context::default();
    ctx.set_visuals(egui::Visuals::light());
    ctx.set_pixels_per_point(ppp);
    let points = egui::vec2(width as f32, height as f32) / ppp;
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, points)),
        ..Default::default()
    };
    let mut textures: HashMap<TextureId, ColorImage> = HashMap::new();
    let mut shapes = Vec::new();
    let mut pixels_per_point = ppp;
    let mut needed = egui::Vec2::ZERO;
    // egui sizes some widgets (legends, axis widths) from the previous pass: the third
    // pass draws with settled sizes.
    for _ in 0..3 {
        let mut used = egui::Rect::NOTHING;
        let mut output = ctx.run_ui(input(), |ui| {
            let r = egui::Frame::new()
                .fill(ui.visuals().panel_fill)
                .inner_margin(12.0)
                .show(ui, |ui| {
                    ui.set_min_size(ui.available_size());
                    drawing(ui)
                });
            used = r.response.rect;
        });
        needed = egui::vec2(used.max.x, used.max.y) * output.pixels_per_point;
        for (id, delta) in output
            .textures_delta
            .set
            .iter()
            .flat_map(|(id, deltas)| deltas.iter().map(move |d| (id, d)))
        {
            let egui::ImageData::Color(image) = &delta.image;
            match delta.pos {
                None => {
                    textures.insert(*id, (**image).clone());
                }
                Some([x0, y0]) => {
                    if let Some(texture) = textures.get_mut(id) {
                        let w = texture.size[0];
                        for (row, chunk) in image.pixels.chunks(image.size[0]).enumerate() {
                            let start = (y0 + row) * w + x0;
                            texture.pixels[start..start + chunk.len()].copy_from_slice(chunk);
                        }
                    }
                }
            }
        }
        // Applied above (egui insists every delta is handled).
        output.textures_delta.clear();
        pixels_per_point = output.pixels_per_point;
        shapes = std::mem::take(&mut output.shapes);
    }
    (ctx, shapes, textures, pixels_per_point, needed)
}

/// Draws one clipped mesh into `canvas` (premultiplied alpha, blended in gamma space as
/// egui's own renderers do).
fn rasterise(
    canvas: &mut ColorImage,
    primitive: &ClippedPrimitive,
    pixels_per_point: f32,
    textures: &HashMap<TextureId, ColorImage>,
) {
    let Primitive::Mesh(mesh) = &primitive.primitive else {
        return;
    };
    let Some(texture) = textures.get(&mesh.texture_id) else {
        return;
    };
    let [width, height] = canvas.size;
    let clip = primitive.clip_rect;
    let x_min = ((clip.min.x * pixels_per_point).floor().max(0.0) as usize).min(width);
    let y_min = ((clip.min.y * pixels_per_point).floor().max(0.0) as usize).min(height);
    let x_max = ((clip.max.x * pixels_per_point).ceil().max(0.0) as usize).min(width);
    let y_max = ((clip.max.y * pixels_per_point).ceil().max(0.0) as usize).min(height);
    for triangle in mesh.indices.chunks_exact(3) {
        let v = [0, 1, 2].map(|k| &mesh.vertices[triangle[k] as usize]);
        let p = v.map(|v| (v.pos.x * pixels_per_point, v.pos.y * pixels_per_point));
        let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0);
        if area.abs() < 1e-6 {
            continue;
        }
        let lo_x = (p
            .iter()
            .map(|q| q.0)
            .fold(f32::INFINITY, f32::min)
            .floor()
            .max(0.0) as usize)
            .max(x_min);
        let hi_x = (p.iter().map(|q| q.0).fold(0.0, f32::max).ceil() as usize).min(x_max);
        let lo_y = (p
            .iter()
            .map(|q| q.1)
            .fold(f32::INFINITY, f32::min)
            .floor()
            .max(0.0) as usize)
            .max(y_min);
        let hi_y = (p.iter().map(|q| q.1).fold(0.0, f32::max).ceil() as usize).min(y_max);
        let colors = v.map(|v| v.color.to_array().map(f32::from));
        for y in lo_y..hi_y {
            let py = y as f32 + 0.5;
            for x in lo_x..hi_x {
                let px = x as f32 + 0.5;
                // Barycentric weights of the pixel centre.
                let w0 = ((p[1].0 - px) * (p[2].1 - py) - (p[1].1 - py) * (p[2].0 - px)) / area;
                let w1 = ((p[2].0 - px) * (p[0].1 - py) - (p[2].1 - py) * (p[0].0 - px)) / area;
                let w2 = 1.0 - w0 - w1;
                if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                    continue;
                }
                let u = w0 * v[0].uv.x + w1 * v[1].uv.x + w2 * v[2].uv.x;
                let t = w0 * v[0].uv.y + w1 * v[1].uv.y + w2 * v[2].uv.y;
                let texel = sample(texture, u, t);
                let mut src = [0f32; 4];
                for (c, s) in src.iter_mut().enumerate() {
                    let vertex = w0 * colors[0][c] + w1 * colors[1][c] + w2 * colors[2][c];
                    *s = vertex * texel[c] / 255.0;
                }
                let dst = &mut canvas.pixels[y * width + x];
                let d = dst.to_array().map(f32::from);
                let keep = 1.0 - src[3] / 255.0;
                let out: [u8; 4] =
                    std::array::from_fn(|c| (src[c] + d[c] * keep).round().clamp(0.0, 255.0) as u8);
                *dst = Color32::from_rgba_premultiplied(out[0], out[1], out[2], out[3]);
            }
        }
    }
}

/// The texture's colour at normalised coordinates (bilinear).
fn sample(texture: &ColorImage, u: f32, v: f32) -> [f32; 4] {
    let [w, h] = texture.size;
    let x = (u * w as f32 - 0.5).clamp(0.0, (w - 1) as f32);
    let y = (v * h as f32 - 0.5).clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let at = |x: usize, y: usize| texture.pixels[y * w + x].to_array().map(f32::from);
    let (a, b, c, d) = (at(x0, y0), at(x1, y0), at(x0, y1), at(x1, y1));
    std::array::from_fn(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        top + (bottom - top) * fy
    })
}

/// The image as PNG bytes (8-bit RGBA, opaque).
pub(crate) fn encode_png(image: &ColorImage) -> Result<Vec<u8>, png::EncodingError> {
    let [w, h] = image.size;
    let rgba: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|p| {
            let [r, g, b, _] = p.to_array();
            [r, g, b, 255]
        })
        .collect();
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, w as u32, h as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawing taller than the picture is drawn smaller until its last row is in it;
    /// one that fits keeps the usual scale.
    #[test]
    fn a_drawing_too_tall_is_shrunk_to_fit_not_cut() {
        let mut rows = |ui: &mut egui::Ui| {
            for k in 0..60 {
                ui.label(format!("row {k}"));
            }
            // The last row, a black bar: it must be in the picture.
            let (r, _) = ui.allocate_exact_size(egui::vec2(200.0, 20.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 0.0, Color32::BLACK);
        };
        let (image, scale) = render_fitted([400, 300], &mut rows);
        assert!(scale < 1.0, "{scale}");
        let dark = image
            .pixels
            .iter()
            .filter(|p| p.r() < 40 && p.g() < 40 && p.b() < 40)
            .count();
        assert!(
            dark > 100,
            "the last row's bar is drawn ({dark} dark pixels)"
        );
        let mut short = |ui: &mut egui::Ui| {
            ui.label("one row");
        };
        assert_eq!(render_fitted([400, 300], &mut short).1, 1.0);
    }

    #[test]
    fn a_filled_rectangle_and_text_land_where_drawn() {
        let mut drawing = |ui: &mut egui::Ui| {
            let rect = egui::Rect::from_min_size(egui::pos2(100.0, 100.0), egui::vec2(100.0, 50.0));
            ui.painter()
                .rect_filled(rect, 0.0, Color32::from_rgb(200, 0, 0));
            ui.label("Hello");
        };
        let image = render([800, 600], &mut drawing);
        assert_eq!(image.size, [800, 600]);
        // Inside the rectangle (150..300 × 150..225 pixels at 1.5 per point): pure red.
        let inside = image.pixels[187 * 800 + 225];
        assert_eq!(inside, Color32::from_rgb(200, 0, 0));
        // Outside: the light background.
        let outside = image.pixels[500 * 800 + 700];
        assert!(outside.r() > 200 && outside.g() > 200, "{outside:?}");
        // The label's glyphs put dark pixels near the top left.
        let dark = (0..60)
            .flat_map(|y| (0..200).map(move |x| (x, y)))
            .filter(|&(x, y)| image.pixels[y * 800 + x].r() < 100)
            .count();
        assert!(dark > 20, "text drawn: {dark} dark pixels");
        let png = encode_png(&image).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (800, 600));
    }
}
