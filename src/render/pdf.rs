//! PDF, written by hand: the SVG documents this module's siblings write
//! (a sheet's A4 pages, or single pictures), one page each, in one PDF
//! document for a printer.
//!
//! It reads back the SVG that [`super::svg`] and [`super::sheet`] write,
//! not SVG at large: the elements `svg`, `g`, `rect` (with `rx`),
//! `circle`, `path` (absolute `M`, `L`, `H`, `V`) and `text`; the
//! attributes `transform` (`translate`, `scale`), `fill`, `stroke`
//! (`#rrggbb` or `none`), `stroke-width`, `stroke-dasharray`,
//! `stroke-linecap`, `stroke-linejoin`, `font-size`, `font-weight` and
//! `text-anchor`, inherited from groups as SVG inherits them. Anything
//! else is an error ([`RenderError::Pdf`]), never a page with something
//! missing.
//! Text is set in the PDF standard fonts Helvetica and Helvetica-Bold
//! (every PDF reader has them, so nothing is embedded), whose widths
//! centre it; a character they have no glyph for (outside Latin-1) is an
//! error.
//!
//! Why by hand: the pictures use a handful of shapes, and the crates
//! that convert any SVG (`svg2pdf` with `usvg`) take minutes to build and
//! pull in a second copy of the SVG stack; see the commit that added this
//! file. The PDF is 1.4, uncompressed, its text depending only on its
//! pages (no dates, no ids), so the same pages give the same bytes.

use std::fmt::Write as _;

use super::RenderError;

/// Why a page cannot be written as PDF.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PdfError(String);

fn bad(why: impl Into<String>) -> PdfError {
    PdfError(why.into())
}

/// An affine map `(x, y) -> (a x + c y + e, b x + d y + f)`.
#[derive(Clone, Copy, Debug)]
struct Matrix([f64; 6]);

impl Matrix {
    fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// `self` after `other` (other applied first).
    fn then(&self, other: &Matrix) -> Matrix {
        let [a, b, c, d, e, f] = other.0;
        let (e2, f2) = self.apply(e, f);
        let [sa, sb, sc, sd, _, _] = self.0;
        Matrix([
            sa * a + sc * b,
            sb * a + sd * b,
            sa * c + sc * d,
            sb * c + sd * d,
            e2,
            f2,
        ])
    }

    /// How much it scales lengths.
    fn scale(&self) -> f64 {
        let [a, b, c, d, _, _] = self.0;
        (a * d - b * c).abs().sqrt()
    }
}

/// What a group hands down to its children.
#[derive(Clone, Debug)]
struct Style {
    matrix: Matrix,
    fill: Option<(u8, u8, u8)>,
    stroke: Option<(u8, u8, u8)>,
    stroke_width: f64,
    dash: Vec<f64>,
    cap: u8,
    join: u8,
    font_size: f64,
    bold: bool,
    anchor: Anchor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// A number as PDF writes it: at most three decimals, no trailing zeros.
fn num(out: &mut String, v: f64) {
    let v = if v.abs() < 0.0005 { 0.0 } else { v };
    let text = format!("{v:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    out.push_str(text);
}

/// Several numbers, each followed by a space.
fn nums(out: &mut String, values: &[f64]) {
    for &v in values {
        num(out, v);
        out.push(' ');
    }
}

fn colour(value: &str) -> Result<Option<(u8, u8, u8)>, PdfError> {
    if value == "none" {
        return Ok(None);
    }
    let hex = value
        .strip_prefix('#')
        .filter(|h| h.len() == 6)
        .ok_or_else(|| bad(format!("the colour {value:?} is not #rrggbb")))?;
    let byte = |i: usize| {
        u8::from_str_radix(&hex[i..i + 2], 16)
            .map_err(|_| bad(format!("the colour {value:?} is not #rrggbb")))
    };
    Ok(Some((byte(0)?, byte(2)?, byte(4)?)))
}

fn number(value: &str, what: &str) -> Result<f64, PdfError> {
    value
        .trim()
        .parse()
        .map_err(|_| bad(format!("{what} {value:?} is not a number")))
}

/// The numbers of a list (`1,2 3`).
fn numbers(value: &str, what: &str) -> Result<Vec<f64>, PdfError> {
    value
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| number(s, what))
        .collect()
}

/// A `transform` attribute: `translate(x[,y])` and `scale(s[,t])`, in order.
fn transform(value: &str) -> Result<Matrix, PdfError> {
    let mut m = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    let mut rest = value.trim();
    while !rest.is_empty() {
        let (name, after) = rest
            .split_once('(')
            .ok_or_else(|| bad(format!("the transform {value:?}")))?;
        let (args, after) = after
            .split_once(')')
            .ok_or_else(|| bad(format!("the transform {value:?}")))?;
        let args = numbers(args, "a transform's argument")?;
        let step = match (name.trim(), args.as_slice()) {
            ("translate", [x]) => Matrix([1.0, 0.0, 0.0, 1.0, *x, 0.0]),
            ("translate", [x, y]) => Matrix([1.0, 0.0, 0.0, 1.0, *x, *y]),
            ("scale", [s]) => Matrix([*s, 0.0, 0.0, *s, 0.0, 0.0]),
            ("scale", [s, t]) => Matrix([*s, 0.0, 0.0, *t, 0.0, 0.0]),
            _ => {
                return Err(bad(format!(
                    "the transform {value:?} is not translate or scale"
                )));
            }
        };
        m = m.then(&step);
        rest = after.trim_start();
    }
    Ok(m)
}

/// A length of the root's `width` or `height` in points: `mm`, `pt`,
/// or pixels (96 an inch).
fn points(value: &str) -> Result<f64, PdfError> {
    if let Some(mm) = value.strip_suffix("mm") {
        Ok(number(mm, "a length")? * 72.0 / 25.4)
    } else if let Some(pt) = value.strip_suffix("pt") {
        number(pt, "a length")
    } else {
        Ok(number(value.trim_end_matches("px"), "a length")? * 0.75)
    }
}

/// The PDF document of `pages` (SVG documents as this module's siblings
/// write them), one page each, in order.
pub fn document(pages: &[String]) -> Result<Vec<u8>, RenderError> {
    let mut contents = Vec::with_capacity(pages.len());
    for (k, page) in pages.iter().enumerate() {
        contents.push(page_content(page).map_err(|e| RenderError::Pdf {
            page: k + 1,
            why: e.0,
        })?);
    }
    // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, then a page and
    // its content stream for each page.
    let mut objects: Vec<String> = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        {
            let kids: Vec<String> = (0..pages.len())
                .map(|k| format!("{} 0 R", 5 + 2 * k))
                .collect();
            format!(
                "<< /Type /Pages /Kids [{}] /Count {} >>",
                kids.join(" "),
                pages.len()
            )
        },
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".into(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
            .into(),
    ];
    for (k, ((width, height), content)) in contents.iter().enumerate() {
        let mut page = String::from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ");
        nums(&mut page, &[*width]);
        num(&mut page, *height);
        let _ = write!(
            page,
            "] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
            6 + 2 * k
        );
        objects.push(page);
        objects.push(format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ));
    }
    let mut out = String::from("%PDF-1.4\n");
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        let _ = write!(out, "{} 0 obj\n{object}\nendobj\n", i + 1);
    }
    let xref = out.len();
    let _ = write!(out, "xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        let _ = writeln!(out, "{offset:010} 00000 n ");
    }
    let _ = write!(
        out,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    );
    Ok(out.into_bytes())
}

/// One SVG page as its size in points and its content stream.
fn page_content(svg: &str) -> Result<((f64, f64), String), PdfError> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| bad(format!("not SVG: {e}")))?;
    let root = doc.root_element();
    if !root.has_tag_name("svg") {
        return Err(bad("not an SVG document"));
    }
    let attr = |name: &str| {
        root.attribute(name)
            .ok_or_else(|| bad(format!("the SVG has no {name}")))
    };
    let (width, height) = (points(attr("width")?)?, points(attr("height")?)?);
    let view = numbers(attr("viewBox")?, "the viewBox")?;
    let [vx, vy, vw, vh] = view[..] else {
        return Err(bad("the viewBox is not four numbers"));
    };
    let (sx, sy) = (width / vw, height / vh);
    // SVG's y runs down, PDF's up.
    let style = Style {
        matrix: Matrix([sx, 0.0, 0.0, -sy, -vx * sx, height + vy * sy]),
        fill: Some((0, 0, 0)),
        stroke: None,
        stroke_width: 1.0,
        dash: Vec::new(),
        cap: 0,
        join: 0,
        font_size: 16.0,
        bold: false,
        anchor: Anchor::Start,
    };
    let mut out = String::new();
    for child in root.children().filter(roxmltree::Node::is_element) {
        element(&mut out, child, &style)?;
    }
    Ok(((width, height), out))
}

/// The style of `node`: its parent's with its own attributes.
fn styled(node: roxmltree::Node<'_, '_>, parent: &Style) -> Result<Style, PdfError> {
    let mut s = parent.clone();
    for a in node.attributes() {
        let v = a.value();
        match a.name() {
            "transform" => s.matrix = parent.matrix.then(&transform(v)?),
            "fill" => s.fill = colour(v)?,
            "stroke" => s.stroke = colour(v)?,
            "stroke-width" => s.stroke_width = number(v, "stroke-width")?,
            "stroke-dasharray" => s.dash = numbers(v, "stroke-dasharray")?,
            "stroke-linecap" => {
                s.cap = match v {
                    "butt" => 0,
                    "round" => 1,
                    "square" => 2,
                    _ => return Err(bad(format!("stroke-linecap {v:?}"))),
                }
            }
            "stroke-linejoin" => {
                s.join = match v {
                    "miter" => 0,
                    "round" => 1,
                    "bevel" => 2,
                    _ => return Err(bad(format!("stroke-linejoin {v:?}"))),
                }
            }
            "font-size" => s.font_size = number(v, "font-size")?,
            "font-weight" => s.bold = v == "bold",
            "text-anchor" => {
                s.anchor = match v {
                    "start" => Anchor::Start,
                    "middle" => Anchor::Middle,
                    "end" => Anchor::End,
                    _ => return Err(bad(format!("text-anchor {v:?}"))),
                }
            }
            // What places the shapes (read by each element), names them,
            // or picks a font family (the standard fonts stand in).
            "x" | "y" | "width" | "height" | "rx" | "cx" | "cy" | "r" | "d" | "class"
            | "data-rules" | "font-family" | "viewBox" | "xmlns" => {}
            other => return Err(bad(format!("the attribute {other:?}"))),
        }
    }
    Ok(s)
}

/// One element and its children, into `out`.
fn element(
    out: &mut String,
    node: roxmltree::Node<'_, '_>,
    parent: &Style,
) -> Result<(), PdfError> {
    let s = styled(node, parent)?;
    let get = |name: &str| -> Result<f64, PdfError> {
        number(
            node.attribute(name)
                .ok_or_else(|| bad(format!("a {} without {name}", node.tag_name().name())))?,
            name,
        )
    };
    let m = &s.matrix;
    match node.tag_name().name() {
        "g" => {
            for child in node.children().filter(roxmltree::Node::is_element) {
                element(out, child, &s)?;
            }
        }
        "rect" => {
            let (x, y, w, h) = (get("x")?, get("y")?, get("width")?, get("height")?);
            let r = node
                .attribute("rx")
                .map(|v| number(v, "rx"))
                .transpose()?
                .unwrap_or(0.0)
                .min(w / 2.0)
                .min(h / 2.0);
            if r > 0.0 {
                rounded(out, m, x, y, w, h, r);
            } else {
                let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                for (i, &(px, py)) in corners.iter().enumerate() {
                    let (a, b) = m.apply(px, py);
                    nums(out, &[a, b]);
                    out.push_str(if i == 0 { "m\n" } else { "l\n" });
                }
                out.push_str("h\n");
            }
            paint(out, &s, true);
        }
        "circle" => {
            let (cx, cy, r) = (get("cx")?, get("cy")?, get("r")?);
            rounded(out, m, cx - r, cy - r, 2.0 * r, 2.0 * r, r);
            paint(out, &s, true);
        }
        "path" => {
            let d = node.attribute("d").ok_or_else(|| bad("a path without d"))?;
            path(out, m, d)?;
            paint(out, &s, false);
        }
        "text" => text(out, node, &s, get("x")?, get("y")?)?,
        other => return Err(bad(format!("the element <{other}>"))),
    }
    Ok(())
}

/// A rectangle with corners rounded to `r` (a circle when it is a square
/// of side `2r`), as a closed path of Bézier quarter arcs.
fn rounded(out: &mut String, m: &Matrix, x: f64, y: f64, w: f64, h: f64, r: f64) {
    // The control points of a quarter circle, as a share of the radius.
    const K: f64 = 0.552_284_749_8;
    let k = r * K;
    let point = |out: &mut String, px: f64, py: f64| {
        let (a, b) = m.apply(px, py);
        nums(out, &[a, b]);
    };
    point(out, x + r, y);
    out.push_str("m\n");
    let corners = [
        // (end of the straight side, control 1, control 2, end of the arc)
        (
            (x + w - r, y),
            (x + w - r + k, y),
            (x + w, y + r - k),
            (x + w, y + r),
        ),
        (
            (x + w, y + h - r),
            (x + w, y + h - r + k),
            (x + w - r + k, y + h),
            (x + w - r, y + h),
        ),
        (
            (x + r, y + h),
            (x + r - k, y + h),
            (x, y + h - r + k),
            (x, y + h - r),
        ),
        ((x, y + r), (x, y + r - k), (x + r - k, y), (x + r, y)),
    ];
    for (line, c1, c2, end) in corners {
        point(out, line.0, line.1);
        out.push_str("l\n");
        point(out, c1.0, c1.1);
        point(out, c2.0, c2.1);
        point(out, end.0, end.1);
        out.push_str("c\n");
    }
    out.push_str("h\n");
}

/// Path data of absolute `M`, `L`, `H` and `V` commands.
fn path(out: &mut String, m: &Matrix, d: &str) -> Result<(), PdfError> {
    let mut command = ' ';
    let mut args: Vec<f64> = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    let mut flush =
        |command: char, args: &mut Vec<f64>, out: &mut String| -> Result<(), PdfError> {
            if command == ' ' {
                return Ok(());
            }
            let step = match command {
                'M' | 'L' => 2,
                'H' | 'V' => 1,
                other => return Err(bad(format!("the path command {other:?}"))),
            };
            if args.is_empty() || !args.len().is_multiple_of(step) {
                return Err(bad(format!("the path data {d:?}")));
            }
            for (i, chunk) in args.chunks(step).enumerate() {
                match command {
                    'M' | 'L' => (x, y) = (chunk[0], chunk[1]),
                    'H' => x = chunk[0],
                    _ => y = chunk[0],
                }
                let (a, b) = m.apply(x, y);
                nums(out, &[a, b]);
                // After an M, further pairs are lines (SVG's rule).
                out.push_str(if command == 'M' && i == 0 {
                    "m\n"
                } else {
                    "l\n"
                });
            }
            args.clear();
            Ok(())
        };
    let mut token = String::new();
    let end_token = |token: &mut String, args: &mut Vec<f64>| -> Result<(), PdfError> {
        if !token.is_empty() {
            args.push(number(token, "a path coordinate")?);
            token.clear();
        }
        Ok(())
    };
    for c in d.chars() {
        match c {
            '0'..='9' | '.' => token.push(c),
            '-' => {
                end_token(&mut token, &mut args)?;
                token.push(c);
            }
            ',' | ' ' | '\n' | '\t' => end_token(&mut token, &mut args)?,
            c if c.is_ascii_alphabetic() => {
                end_token(&mut token, &mut args)?;
                flush(command, &mut args, out)?;
                command = c;
            }
            other => return Err(bad(format!("the path data {d:?} at {other:?}"))),
        }
    }
    end_token(&mut token, &mut args)?;
    flush(command, &mut args, out)
}

/// Fills and strokes the path just written, as the style says.
fn paint(out: &mut String, s: &Style, closed: bool) {
    let scale = s.matrix.scale();
    if let Some((r, g, b)) = s.fill.filter(|_| closed) {
        nums(out, &[r as f64 / 255.0, g as f64 / 255.0, b as f64 / 255.0]);
        out.push_str("rg\n");
    }
    if let Some((r, g, b)) = s.stroke {
        nums(out, &[r as f64 / 255.0, g as f64 / 255.0, b as f64 / 255.0]);
        out.push_str("RG\n");
        nums(out, &[s.stroke_width * scale]);
        let _ = writeln!(out, "w {} J {} j", s.cap, s.join);
        out.push('[');
        for &d in &s.dash {
            num(out, d * scale);
            out.push(' ');
        }
        out.push_str("] 0 d\n");
    }
    let fill = closed && s.fill.is_some();
    out.push_str(match (fill, s.stroke.is_some()) {
        (true, true) => "B\n",
        (true, false) => "f\n",
        (false, true) => "S\n",
        (false, false) => "n\n",
    });
}

/// A `text` element: its characters in Helvetica (bold: Helvetica-Bold),
/// placed by its anchor.
fn text(
    out: &mut String,
    node: roxmltree::Node<'_, '_>,
    s: &Style,
    x: f64,
    y: f64,
) -> Result<(), PdfError> {
    let content: String = node
        .children()
        .filter_map(|c| c.text())
        .collect::<Vec<_>>()
        .concat();
    let mut encoded = String::new();
    let mut width = 0u32;
    for c in content.chars() {
        let code = u32::from(c);
        let byte = match code {
            32..=126 => code,
            0xA0..=0xFF => code,
            _ => {
                return Err(bad(format!(
                    "the PDF's standard fonts have no glyph for {c:?}; draw it as SVG"
                )));
            }
        };
        width += glyph_width(byte as u8, s.bold);
        match c {
            '(' | ')' | '\\' => {
                encoded.push('\\');
                encoded.push(c);
            }
            c if code < 127 => encoded.push(c),
            _ => {
                let _ = write!(encoded, "\\{byte:03o}");
            }
        }
    }
    let scale = s.matrix.scale();
    let size = s.font_size * scale;
    let advance = f64::from(width) * size / 1000.0;
    let (px, py) = s.matrix.apply(x, y);
    let px = match s.anchor {
        Anchor::Start => px,
        Anchor::Middle => px - advance / 2.0,
        Anchor::End => px - advance,
    };
    let (r, g, b) = s.fill.unwrap_or((0, 0, 0));
    nums(out, &[r as f64 / 255.0, g as f64 / 255.0, b as f64 / 255.0]);
    out.push_str("rg\nBT\n/");
    out.push_str(if s.bold { "F2 " } else { "F1 " });
    nums(out, &[size]);
    out.push_str("Tf\n");
    nums(out, &[px, py]);
    let _ = writeln!(out, "Td\n({encoded}) Tj\nET");
    Ok(())
}

/// The width of a character of WinAnsi code `byte` in thousandths of the
/// font size: the Adobe core fonts' metrics for ASCII and the middle dot,
/// an average for the rest of Latin-1.
fn glyph_width(byte: u8, bold: bool) -> u32 {
    #[rustfmt::skip]
    const REGULAR: [u16; 95] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ];
    #[rustfmt::skip]
    const BOLD: [u16; 95] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ];
    match byte {
        32..=126 => {
            let table = if bold { &BOLD } else { &REGULAR };
            u32::from(table[(byte - 32) as usize])
        }
        0xB7 => 278,
        _ => 556,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 2100 2970">
<rect x="0" y="0" width="2100" height="2970" fill="#ffffff"/>
<g transform="translate(100,200) scale(2.000)"><path d="M0,0H10V10M5,5L6,6" stroke="#000000" stroke-width="1" fill="none"/>
<text x="5" y="5" font-size="10" text-anchor="middle" font-weight="bold">(1)</text></g>
</svg>
"##;

    #[test]
    fn pages_become_a_pdf_whose_cross_references_point_at_their_objects() {
        let pdf = document(&[PAGE.to_string(), PAGE.to_string()]).unwrap();
        let text = String::from_utf8(pdf).unwrap();
        assert!(text.starts_with("%PDF-1.4\n") && text.ends_with("%%EOF\n"));
        assert_eq!(text.matches("/Type /Page ").count(), 2);
        assert!(text.contains("/MediaBox [0 0 595.276 841.89]"));
        let xref = text.rfind("startxref\n").unwrap();
        let at: usize = text[xref + 10..].lines().next().unwrap().parse().unwrap();
        assert!(text[at..].starts_with("xref\n0 9\n"));
        for (k, line) in text[at..].lines().skip(3).take(8).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            assert!(
                text[offset..].starts_with(&format!("{} 0 obj\n", k + 1)),
                "{k}"
            );
        }
        // The text bold and escaped, centred on x = 100 + 2 * 5 (tenths of
        // a millimetre).
        assert!(text.contains("/F2 5.669 Tf") && text.contains("(\\(1\\)) Tj"));
        // The page's rectangle, then the path: a move, two lines, a
        // move, a line, stroked.
        let stream = &text[text.find("stream\n").unwrap()..text.find("endstream").unwrap()];
        assert_eq!(stream.matches(" m\n").count(), 3);
        assert_eq!(stream.matches(" l\n").count(), 3 + 3);
        assert!(stream.contains("S\n"));
    }

    #[test]
    fn what_it_cannot_draw_is_an_error() {
        let ellipse = PAGE.replace("<path", "<ellipse");
        let e = document(&[ellipse]).unwrap_err();
        assert!(e.to_string().starts_with("PDF: page 1: ") && e.to_string().contains("<ellipse>"));
        let rotate = PAGE.replace("scale(2.000)", "rotate(30)");
        assert!(document(&[rotate]).is_err());
        let arc = PAGE.replace("L6,6", "A1,1 0 0 0 6,6");
        assert!(document(&[arc]).is_err());
        let greek = PAGE.replace("(1)", "\u{3b1}");
        assert!(
            document(&[greek])
                .unwrap_err()
                .to_string()
                .contains("no glyph")
        );
        assert!(document(&[]).unwrap().starts_with(b"%PDF"));
    }
}
