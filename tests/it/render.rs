//! The pictures (`dlx_engine::render`, `dlx render`, `dlx solve --output
//! svg`), checked as pixels: every SVG made here is parsed as XML
//! (roxmltree) and rasterised (resvg on tiny-skia, one pixel per unit: a
//! cell is 40 pixels, the grid starts 10 pixels in), and the pixels are
//! looked at where it matters: a given's cell has ink and an empty one
//! none, solved digits are blue, a thick line lies between two jigsaw
//! regions (or boxes) and a thin one inside, a cage's outline is dashed
//! along its border and absent inside, diagonals and windows are where
//! the rules put them. Digits need a font: the system's are loaded, and
//! where there are none the checks of digit ink say so and are skipped.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use dlx_engine::__unstable::render::UNIT;
use dlx_engine::__unstable::sudoku::{
    DlxSolver, GridInternals as _, ShapeInternals as _, VariantInternals as _,
};
use dlx_engine::format::{self, Alphabet, Case};
use dlx_engine::render::{self, Puzzle};
use dlx_engine::sudoku::{Grid, SudokuSolver};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use crate::common;

use crate::common::bin::dlx;

/// Where the grid starts in a picture, in pixels.
const MARGIN: u32 = (UNIT / 4) as u32;
const CELL: u32 = UNIT as u32;

fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// Whether digits can be drawn here (some font is installed).
fn have_fonts() -> bool {
    let some = !fonts().is_empty();
    if !some {
        eprintln!("no system fonts: the ink of digits is not checked");
    }
    some
}

/// `svg` parsed as XML and rasterised.
fn raster(svg: &str) -> Pixmap {
    roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).expect("resvg reads the picture");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a picture of some size");
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The pixel at (x, y) as RGB (the page is opaque white, so no alpha).
fn rgb(p: &Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let c = p.pixel(x, y).expect("inside the picture");
    (c.red(), c.green(), c.blue())
}

/// How dark the pixel is, 0 (white) to 1 (black).
fn darkness(p: &Pixmap, x: u32, y: u32) -> f64 {
    let (r, g, b) = rgb(p, x, y);
    1.0 - (r as f64 + g as f64 + b as f64) / (3.0 * 255.0)
}

/// Whether the middle of cell (r, c) (the square a digit takes, away from
/// its borders and corner) has any ink.
fn cell_inked(p: &Pixmap, r: u32, c: u32) -> bool {
    let (x0, y0) = (MARGIN + c * CELL, MARGIN + r * CELL);
    (x0 + 12..x0 + 29).any(|x| (y0 + 11..y0 + 30).any(|y| darkness(p, x, y) > 0.25))
}

/// Whether the middle of cell (r, c) has blue ink (a solved digit).
fn cell_blue(p: &Pixmap, r: u32, c: u32) -> bool {
    let (x0, y0) = (MARGIN + c * CELL, MARGIN + r * CELL);
    (x0 + 12..x0 + 29).any(|x| {
        (y0 + 11..y0 + 30).any(|y| {
            let (r, g, b) = rgb(p, x, y);
            b as i32 - r as i32 > 60 && b as i32 - g as i32 > 30
        })
    })
}

/// The ink across the line at `at` pixels along the grid (a cell side):
/// the darkness summed over 9 pixels across it, at the middle of the side
/// of cell (r, c) on its right (`vertical`) or below it. About 1 for a
/// thin line, 3 for a thick one.
fn ink_across(p: &Pixmap, r: u32, c: u32, vertical: bool) -> f64 {
    if vertical {
        let (x, y) = (MARGIN + (c + 1) * CELL, MARGIN + r * CELL + CELL / 2);
        (x - 4..=x + 4).map(|x| darkness(p, x, y)).sum()
    } else {
        let (x, y) = (MARGIN + c * CELL + CELL / 2, MARGIN + (r + 1) * CELL);
        (y - 4..=y + 4).map(|y| darkness(p, x, y)).sum()
    }
}

fn read_all(format: &str, text: &str) -> Vec<Case> {
    let format = format::by_name(format).unwrap();
    format
        .read(Box::new(text.as_bytes()), &format::Options::default())
        .map(|c| c.unwrap())
        .collect()
}

/// The first case of a data file, in its detected format.
fn first_case(path: &str) -> Case {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let (format, input) = format::detect(Box::new(std::io::Cursor::new(text)))
        .unwrap()
        .expect("a puzzle");
    format
        .read(input, &format::Options::default())
        .next()
        .unwrap()
        .unwrap()
}

/// The first line of a data file, as a case of the variant format.
fn first_variant(path: &str) -> Case {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    read_all("variant", text.lines().next().unwrap()).remove(0)
}

fn picture(case: &Case, solution: Option<&Grid>) -> String {
    let puzzle = Puzzle {
        grid: &case.grid,
        variant: case.variant.as_deref(),
        solution,
        marks: None,
        note: None,
        highlight: None,
    };
    render::svg(&puzzle, &Alphabet::default()).unwrap()
}

/// Every cell has ink exactly when it holds a given.
fn assert_givens_inked(p: &Pixmap, grid: &Grid) {
    let n = grid.n() as u32;
    for r in 0..n {
        for c in 0..n {
            let given = grid.get(r as usize, c as usize) != 0;
            assert_eq!(
                cell_inked(p, r, c),
                given,
                "r{}c{} given {given}",
                r + 1,
                c + 1
            );
        }
    }
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn givens_have_ink_and_empty_cells_none() {
    let case = read_all("line", PUZZLE).remove(0);
    let p = raster(&picture(&case, None));
    assert_eq!(
        (p.width(), p.height()),
        (9 * CELL + 2 * MARGIN, 9 * CELL + 2 * MARGIN)
    );
    if have_fonts() {
        assert_givens_inked(&p, &case.grid);
    }
}

#[test]
fn solved_digits_are_blue_and_givens_black_unless_givens_only() {
    let case = read_all("line", PUZZLE).remove(0);
    let solution = DlxSolver::new(case.grid.shape())
        .solve_first(&case.grid)
        .unwrap()
        .unwrap();
    let p = raster(&picture(&case, Some(&solution)));
    let only = raster(&picture(&case, None));
    if !have_fonts() {
        return;
    }
    for r in 0..9 {
        for c in 0..9 {
            let given = case.grid.get(r as usize, c as usize) != 0;
            assert!(cell_inked(&p, r, c), "r{r}c{c}");
            assert_eq!(cell_blue(&p, r, c), !given, "r{r}c{c}");
            assert_eq!(cell_inked(&only, r, c), given, "givens only, r{r}c{c}");
        }
    }
}

/// Thick lines exactly between cells of different houses of `house`.
fn assert_thick_between(p: &Pixmap, n: u32, house: impl Fn(u32, u32) -> usize) {
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                let ink = ink_across(p, r, c, true);
                let thick = house(r, c) != house(r, c + 1);
                assert!(
                    if thick { ink > 2.5 } else { ink < 1.5 },
                    "right of r{r}c{c}: {ink}"
                );
            }
            if r + 1 < n {
                let ink = ink_across(p, r, c, false);
                let thick = house(r, c) != house(r + 1, c);
                assert!(
                    if thick { ink > 2.5 } else { ink < 1.5 },
                    "below r{r}c{c}: {ink}"
                );
            }
        }
    }
}

#[test]
fn thick_lines_lie_between_jigsaw_regions_and_never_inside_one() {
    let case = first_variant("data/variants/jigsaw_50.txt");
    let regions = case.variant.as_ref().unwrap().regions().unwrap().to_vec();
    let p = raster(&picture(&case, None));
    assert_thick_between(&p, 9, |r, c| regions[(r * 9 + c) as usize] as usize);
}

#[test]
fn thick_lines_lie_between_boxes_of_any_shape() {
    // 6x6 of 2x3 boxes: two rows by three columns.
    let case = read_all("line", &".".repeat(36)).remove(0);
    let shape = case.grid.shape();
    assert_eq!((shape.box_rows(), shape.box_cols()), (2, 3));
    let p = raster(&picture(&case, None));
    assert_thick_between(&p, 6, |r, c| shape.box_of(r as usize, c as usize));
}

#[test]
fn cage_outlines_are_dashed_inset_and_absent_inside_a_cage() {
    let case = first_variant("data/variants/killer_50.txt");
    let variant = case.variant.clone().unwrap();
    let p = raster(&picture(&case, None));
    let n = 9;
    let cage_of = |r: i64, c: i64| {
        variant
            .cages()
            .iter()
            .position(|cage| cage.cells.contains(&((r * n + c) as u16)))
    };
    let (mut dashed, mut inside) = (0, 0);
    for cage in variant.cages() {
        // Not the first cell, whose corner holds the sum.
        for &k in &cage.cells[1..] {
            let (r, c) = (k as i64 / n, k as i64 % n);
            let y = MARGIN + r as u32 * CELL + (UNIT / 10) as u32;
            let x0 = MARGIN + c as u32 * CELL;
            let row: Vec<bool> = (x0 + 8..x0 + 32)
                .map(|x| darkness(&p, x, y) > 0.2)
                .collect();
            let runs = row.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(row[0]);
            if cage_of(r - 1, c) == cage_of(r, c) {
                assert_eq!(
                    runs, 0,
                    "no outline inside cage '{}' at r{r}c{c}",
                    cage.label
                );
                inside += 1;
            } else {
                assert!(runs >= 3, "dashed top of r{r}c{c}: {row:?}");
                assert!(row.iter().any(|&i| !i), "gaps at r{r}c{c}");
                dashed += 1;
            }
        }
    }
    assert!(dashed > 10 && inside > 10, "{dashed} {inside}");
}

#[test]
fn cage_sums_sit_in_the_corner_of_the_first_cell() {
    let case = first_variant("data/variants/killer_50.txt");
    let text = picture(&case, None);
    let variant = case.variant.clone().unwrap();
    assert_eq!(
        text.matches("</text>").count() - case.grid.filled(),
        variant.cages().len()
    );
    let p = raster(&text);
    if !have_fonts() {
        return;
    }
    for cage in variant.cages() {
        let k = cage.cells[0] as u32;
        let (x0, y0) = (MARGIN + k % 9 * CELL, MARGIN + k / 9 * CELL);
        let corner = (x0 + 4..x0 + 12).any(|x| (y0 + 4..y0 + 12).any(|y| darkness(&p, x, y) > 0.4));
        assert!(corner, "the sum of cage '{}'", cage.label);
    }
}

#[test]
fn diagonals_cross_the_grid_and_windows_are_shaded() {
    let x = first_variant("data/variants/x_50.txt");
    let p = raster(&picture(&x, None));
    let on = |p: &Pixmap, k: u32| darkness(p, MARGIN + k, MARGIN + k);
    assert!(on(&p, 7) > 0.2 && on(&p, 9 * CELL - 7) > 0.2);
    assert!(
        darkness(&p, MARGIN + 9 * CELL - 7, MARGIN + 7) > 0.2,
        "the anti-diagonal"
    );
    assert!(
        darkness(&p, MARGIN + 7, MARGIN + 30) < 0.05,
        "off the diagonal"
    );

    let hyper = first_variant("data/variants/hyper_50.txt");
    let p = raster(&picture(&hyper, None));
    let shade = |r: u32, c: u32| rgb(&p, MARGIN + c * CELL + 5, MARGIN + r * CELL + 5);
    for (r, c) in [(1, 1), (3, 3), (1, 5), (7, 7), (5, 1)] {
        let (g, _, _) = shade(r, c);
        assert!((180..240).contains(&g), "window cell r{r}c{c}: {g}");
    }
    for (r, c) in [(0, 0), (4, 4), (0, 8), (8, 0), (4, 1)] {
        assert_eq!(shade(r, c), (255, 255, 255), "r{r}c{c}");
    }
}

#[test]
fn every_size_from_4x4_to_25x25_draws_its_givens() {
    for (path, n) in [
        ("data/sizes/bnguyen_4x4_puzzle.txt", 4),
        ("data/sizes/bnguyen_16x16_puzzle.txt", 16),
        ("data/sizes/bnguyen_25x25_puzzle.txt", 25),
    ] {
        let case = first_case(path);
        assert_eq!(case.grid.n(), n);
        let text = picture(&case, None);
        let p = raster(&text);
        assert_eq!(p.width(), n as u32 * CELL + 2 * MARGIN);
        let shape = case.grid.shape();
        assert_thick_between(&p, n as u32, |r, c| shape.box_of(r as usize, c as usize));
        if have_fonts() {
            assert_givens_inked(&p, &case.grid);
        }
    }
    // The digits are the alphabet's: 16 is G, 25 is P.
    let case = first_case("data/sizes/bnguyen_25x25_puzzle.txt");
    let text = picture(&case, None);
    assert!(text.contains(">P</text>") && !text.contains(">25</text>"));
}

#[test]
fn any_alphabet_symbol_is_escaped() {
    let alphabet = "<&>'".parse::<Alphabet>().unwrap();
    let format_opts = format::Options {
        shape: None,
        alphabet: alphabet.clone(),
        rules: Vec::new(),
    };
    let case = format::by_name("line")
        .unwrap()
        .read(Box::new("<&>'............\n".as_bytes()), &format_opts)
        .next()
        .unwrap()
        .unwrap();
    let puzzle = Puzzle {
        grid: &case.grid,
        variant: None,
        solution: None,
        marks: None,
        note: None,
        highlight: None,
    };
    let text = render::svg(&puzzle, &alphabet).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let written: String = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(written, "<&>'");
    raster(&text);
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("render-{name}"))
}

#[test]
fn dlx_render_draws_one_puzzle_to_standard_output() {
    let out = dlx().args(["render", PUZZLE]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("<?xml") && !text.contains("class=\"solved\""));
    let p = raster(&text);
    if have_fonts() {
        assert_givens_inked(&p, &read_all("line", PUZZLE)[0].grid);
    }
    let solved = dlx()
        .args(["solve", "--output", "svg", PUZZLE])
        .assert()
        .success();
    let text = String::from_utf8(solved.get_output().stdout.clone()).unwrap();
    assert!(text.contains("class=\"solved\""));
    let p = raster(&text);
    if have_fonts() {
        assert!(cell_blue(&p, 0, 1) && !cell_blue(&p, 0, 0));
    }
}

#[test]
fn dlx_render_writes_one_numbered_file_per_case_the_same_at_any_threads() {
    let input = format!(
        "{PUZZLE}\n{}\n{}x\n{PUZZLE} x\n",
        ".".repeat(16),
        ".".repeat(80)
    );
    let mut runs = Vec::new();
    for threads in ["1", "3"] {
        let dir = scratch(&format!("files-{threads}"));
        let out = dlx()
            .args([
                "render",
                "--format",
                "variant",
                "--threads",
                threads,
                "--output-dir",
            ])
            .arg(&dir)
            .write_stdin(input.clone())
            .assert()
            .code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(err.contains("<stdin>: line 3"), "{err}");
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().into_string().unwrap(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        files.sort();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["case-0001.svg", "case-0002.svg", "case-0004.svg"]);
        for (_, bytes) in &files {
            raster(std::str::from_utf8(bytes).unwrap());
        }
        assert!(
            std::str::from_utf8(&files[2].1)
                .unwrap()
                .contains("class=\"diagonals\"")
        );
        runs.push((files, err));
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn dlx_render_refuses_what_it_cannot_do() {
    // A second picture with no folder to go to.
    let two = format!("{PUZZLE}\n{PUZZLE}\n");
    let out = dlx().arg("render").write_stdin(two).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("<stdin>: line 2: not drawn") && err.contains("--output-dir"),
        "{err}"
    );
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        text.matches("<?xml").count(),
        1,
        "the first picture is written"
    );
    // An unreadable file, an input of no known format, an unknown format.
    let out = dlx().args(["render", "no/such/file.txt"]).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.starts_with("dlx: no/such/file.txt: "), "{err}");
    let out = dlx().arg("render").write_stdin("hello\n").assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("cannot tell the format"), "{err}");
    dlx()
        .args(["render", "--format", "nope", PUZZLE])
        .assert()
        .code(2);
    // Pictures are of solutions or puzzles, not counts; a folder is for
    // pictures.
    let out = dlx()
        .args(["count", "--output", "svg", PUZZLE])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--output svg draws solutions"), "{err}");
    let dir = scratch("not-pictures");
    dlx()
        .args(["solve", "--output-dir"])
        .arg(&dir)
        .arg(PUZZLE)
        .assert()
        .code(2);
    assert!(!dir.exists());
    // An alphabet too short for the grid (of numbers, which it does not
    // read).
    let sixteen = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/sizes/bnguyen_16x16_puzzle.txt"
    );
    let out = dlx()
        .args(["render", "--alphabet", "123", sixteen])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("no symbols for 16 digits"), "{err}");
}

/// How many pixels of the picture are blue (solved digits).
fn blue_pixels(p: &Pixmap) -> usize {
    p.pixels()
        .iter()
        .filter(|c| c.blue() as i32 - c.red() as i32 > 60 && c.alpha() == 255)
        .count()
}

#[test]
fn dlx_render_per_page_makes_a4_pages_then_the_solutions() {
    let five = format!("{PUZZLE}\n").repeat(5);
    let dir = scratch("sheet");
    dlx()
        .args(["render", "--solve", "--per-page", "4", "--output-dir"])
        .arg(&dir)
        .write_stdin(five.clone())
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["page-0001.svg", "page-0002.svg", "page-0003.svg"]);
    let page = |k: usize| std::fs::read_to_string(dir.join(&names[k])).unwrap();
    let pages: Vec<Pixmap> = (0..3).map(|k| raster(&page(k))).collect();
    // 210 x 297 mm at 96 pixels an inch.
    assert_eq!((pages[0].width(), pages[0].height()), (794, 1123));
    assert_eq!(page(0).matches("class=\"sudoku\"").count(), 4);
    assert_eq!(page(1).matches("class=\"sudoku\"").count(), 1);
    assert_eq!(page(2).matches("class=\"sudoku\"").count(), 5);
    if have_fonts() {
        assert_eq!(blue_pixels(&pages[0]) + blue_pixels(&pages[1]), 0);
        assert!(blue_pixels(&pages[2]) > 1000, "the solutions are drawn");
    }
    let _ = std::fs::remove_dir_all(&dir);
    // One page fits standard output; more do not.
    let out = dlx()
        .args(["render", "--per-page", "6"])
        .write_stdin(five.clone())
        .assert()
        .success();
    raster(std::str::from_utf8(&out.get_output().stdout).unwrap());
    let out = dlx()
        .args(["render", "--per-page", "2"])
        .write_stdin(five)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("the sheet has 3 pages"), "{err}");
}

/// A picture with no text (so no font enters it) against its reference
/// PNG in `tests/data/render/`, within a tolerance for antialiasing:
/// fewer than 0.5% of the pixels may differ, and none by much on
/// average. `DLX_BLESS=1` writes the reference anew.
#[test]
fn a_drawing_without_digits_matches_its_reference_png() {
    let regions = first_variant("data/variants/jigsaw_50.txt")
        .variant
        .unwrap();
    let labels = regions.fields();
    let line = format!("{} {labels} x hyper", ".".repeat(81));
    let case = read_all("variant", &line).remove(0);
    let p = raster(&picture(&case, None));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/render/jigsaw-x-hyper.png");
    if std::env::var_os("DLX_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        p.save_png(&path).unwrap();
    }
    let reference = Pixmap::load_png(&path).expect("the reference PNG (DLX_BLESS=1 writes it)");
    assert_eq!(
        (p.width(), p.height()),
        (reference.width(), reference.height())
    );
    let (mut differ, mut total) = (0usize, 0u64);
    for (a, b) in p.pixels().iter().zip(reference.pixels()) {
        let d = [
            a.red().abs_diff(b.red()),
            a.green().abs_diff(b.green()),
            a.blue().abs_diff(b.blue()),
        ];
        let worst = *d.iter().max().unwrap();
        total += worst as u64;
        differ += usize::from(worst > 32);
    }
    let pixels = p.pixels().len();
    assert!(differ * 200 < pixels, "{differ} of {pixels} pixels differ");
    assert!(
        total < pixels as u64,
        "mean difference {}",
        total as f64 / pixels as f64
    );
}

/// The pencil marks of an SVG: each `<text>` of the `marks` group.
fn marks_drawn(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("marks"))
        .flat_map(|g| g.children().filter(|t| t.has_tag_name("text")))
        .map(|t| t.text().unwrap_or("").to_string())
        .collect()
}

/// The marks a picture of `puzzle` (a line) should draw: `dlx
/// candidates`' own, in reading order, in the cells with no given.
fn expected_marks(puzzle: &str, n: usize) -> Vec<String> {
    let (_, line, _) = common::bin::run_with_stdin(
        &["candidates", "--output", "line", "-"],
        &format!("{puzzle}\n"),
    );
    line.trim()
        .as_bytes()
        .chunks(n)
        .zip(puzzle.bytes())
        .filter(|(_, given)| *given == b'.')
        .flat_map(|(cell, _)| {
            cell.iter()
                .filter(|&&b| b != b'.')
                .map(|&b| (b as char).to_string())
        })
        .collect()
}

#[test]
fn dlx_render_candidates_draws_the_true_candidates_as_pencil_marks() {
    // Two solutions, which differ in four cells, each 4 or 9; the other
    // empty cells have one mark each.
    let multi = "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8";
    for puzzle in [multi, "..2.....3..2...."] {
        let out = dlx()
            .args(["render", "--candidates", puzzle])
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let n = if puzzle.len() == 81 { 9 } else { 4 };
        assert_eq!(marks_drawn(&text), expected_marks(puzzle, n));
        raster(&text);
    }
    let out = dlx()
        .args(["render", "--candidates", multi])
        .assert()
        .success();
    let marks = marks_drawn(&String::from_utf8(out.get_output().stdout.clone()).unwrap());
    let empty = multi.bytes().filter(|&b| b == b'.').count();
    assert_eq!(marks.len(), empty + 4);
    // A Sukaku puzzle's own marks are drawn without --candidates.
    let sukaku = std::fs::read_to_string("data/formats/sukaku_multi.in").unwrap();
    let third = sukaku
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(2)
        .unwrap();
    let out = dlx().args(["render", third]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let given = third
        .as_bytes()
        .chunks(9)
        .filter(|c| c.iter().filter(|&&b| b != b'.').count() == 1)
        .count();
    let all = third.bytes().filter(|&b| b != b'.').count();
    assert_eq!(marks_drawn(&text).len(), all - given);
    // No solution: reported, not drawn.
    let out = dlx()
        .args([
            "render",
            "--candidates",
            "1.....2.....3.....4.....5......6....",
        ])
        .assert()
        .code(1);
    assert!(out.get_output().stdout.is_empty());
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err, "dlx: <argument 1>: line 1: no solution\n");
}

// The setters' constraints (`render` module docs, docs/render.md): each
// kind's glyph checked as pixels where it must lie, in a picture of an
// empty grid (no digit in the way) whose constraints sit at known cells.

/// One f-puzzles document as a case.
fn fpuzzles(json: &str) -> Case {
    read_all("fpuzzles", json).remove(0)
}

/// An empty 9x9 f-puzzles document with `extra` keys (`,"key":...`).
fn empty_doc(extra: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    format!(r#"{{"size":9,"grid":[{}]{extra}}}"#, vec![row; 9].join(","))
}

/// Every kind of glyph, at known cells of an empty grid; text only in
/// the sandwich and little-killer clues, X and V, the quadruple and the
/// valued dot.
const GLYPHS: &str = concat!(
    r#","thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#,
    r#","arrow":[{"cells":["R3C1"],"lines":[["R3C1","R3C2","R3C3"]]}]"#,
    r#","difference":[{"cells":["R5C1","R5C2"]}]"#,
    r#","ratio":[{"cells":["R5C3","R5C4"]},{"cells":["R6C3","R6C4"],"value":"3"}]"#,
    r#","xv":[{"cells":["R7C1","R7C2"],"value":"X"},{"cells":["R7C3","R8C3"],"value":"V"}]"#,
    r#","even":[{"cell":"R9C1"}],"odd":[{"cell":"R9C2"}]"#,
    r#","minimum":[{"cell":"R2C6"}],"maximum":[{"cell":"R2C8"}]"#,
    r#","quadruple":[{"cells":["R4C6","R4C7","R5C6","R5C7"],"values":[1,2,3,4]}]"#,
    r#","extraregion":[{"cells":["R7C7","R7C8","R8C7","R8C8"]}]"#,
    r#","whispers":[{"lines":[["R1C5","R1C6"]]}],"renban":[{"lines":[["R9C5","R9C6"]]}]"#,
    r#","palindrome":[{"lines":[["R9C8","R9C9"]]}]"#,
    r#","sandwichsum":[{"cell":"R0C5","value":"10"},{"cell":"R5C0","value":"7"}]"#,
    r#","littlekillersum":[{"cell":"R10C0","direction":"UR","value":"45"}]"#,
    r#","killercage":[{"cells":["R2C2","R2C3"]}]"#,
);

/// A rasterised picture and where its grid starts in it.
struct Drawn {
    svg: String,
    p: Pixmap,
    /// The grid's top-left corner, in pixels.
    at: (i64, i64),
}

impl Drawn {
    fn of(case: &Case) -> Self {
        let svg = picture(case, None);
        let p = raster(&svg);
        let at = origin(&svg);
        Drawn { svg, p, at }
    }

    /// The centre of cell rRcC (1-based), in pixels.
    fn centre(&self, r: i64, c: i64) -> (i64, i64) {
        (
            self.at.0 + (c - 1) * UNIT + UNIT / 2,
            self.at.1 + (r - 1) * UNIT + UNIT / 2,
        )
    }

    fn dark(&self, (x, y): (i64, i64)) -> f64 {
        darkness(&self.p, x as u32, y as u32)
    }

    /// The darkest pixel within `r` of (x, y).
    fn darkest(&self, (x, y): (i64, i64), r: i64) -> f64 {
        (x - r..=x + r)
            .flat_map(|x| (y - r..=y + r).map(move |y| (x, y)))
            .map(|at| self.dark(at))
            .fold(0.0, f64::max)
    }

    fn rgb(&self, (x, y): (i64, i64)) -> (u8, u8, u8) {
        rgb(&self.p, x as u32, y as u32)
    }

    /// Whether the pixel is a mid or light grey (a glyph's fill).
    fn grey(&self, at: (i64, i64)) -> bool {
        let (r, g, b) = self.rgb(at);
        r.abs_diff(g) < 8 && g.abs_diff(b) < 8 && (150..=235).contains(&r)
    }
}

/// The grid's top-left corner in a picture: its group's translation.
fn origin(svg: &str) -> (i64, i64) {
    let key = "<g transform=\"translate(";
    let at = svg.find(key).expect("the grid's group") + key.len();
    let (x, rest) = svg[at..].split_once(',').unwrap();
    let (y, _) = rest.split_once(')').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

fn glyphs() -> &'static Drawn {
    static DRAWN: OnceLock<Drawn> = OnceLock::new();
    DRAWN.get_or_init(|| Drawn::of(&fpuzzles(&empty_doc(GLYPHS))))
}

#[test]
fn clues_outside_the_grid_get_a_margin_on_their_sides() {
    let d = glyphs();
    // Sandwich sums left and above, a little killer below left: a cell's
    // margin on those sides, the usual one on the right.
    assert_eq!(d.at, (UNIT, UNIT));
    assert_eq!(
        (d.p.width(), d.p.height()),
        (
            (UNIT + 9 * UNIT + UNIT / 4) as u32,
            (UNIT + 9 * UNIT + UNIT) as u32
        )
    );
    // The little killer's arrow points up and right at r9c1's corner.
    let (x, y) = d.centre(10, 0);
    assert!(
        d.darkest((x + 13, y - 13), 1) > 0.4,
        "the little-killer arrow"
    );
    if have_fonts() {
        let ink = |(x, y): (i64, i64)| d.darkest((x, y), 8) > 0.4;
        assert!(ink(d.centre(0, 5)), "the sandwich sum above column 5");
        assert!(ink(d.centre(5, 0)), "the sandwich sum left of row 5");
        assert!(!ink(d.centre(0, 4)) && !ink(d.centre(4, 0)), "no other sum");
        assert!(ink((x - 4, y + 4)), "the little killer's sum");
    }
}

#[test]
fn a_thermometer_has_a_grey_bulb_in_its_first_cell_and_a_grey_line() {
    let d = glyphs();
    let (x, y) = d.centre(1, 1);
    assert!(d.grey((x - 13, y)) && d.grey((x, y + 13)), "the bulb");
    let (x2, y2) = d.centre(2, 1);
    assert!(!d.grey((x2 - 13, y2)), "no bulb in the next cell");
    let (x3, y3) = d.centre(1, 3);
    assert!(d.grey((x3 - 5, y3)), "the line to the last cell");
    assert!(
        !d.grey((x3, y3 + 12)) && !d.grey((x3, y3 - 12)),
        "a line, not a bulb"
    );
}

#[test]
fn an_arrow_has_a_round_bulb_and_a_thin_shaft_with_a_head() {
    let d = glyphs();
    let (x, y) = d.centre(3, 1);
    assert!(d.darkest((x - BULB, y), 1) > 0.3, "the bulb's ring");
    assert!(d.dark((x - 10, y - 10)) < 0.05, "an empty bulb");
    assert!(d.darkest((x + 20, y), 1) > 0.3, "the shaft");
    // The head at r3c3, pointing right.
    let (hx, hy) = d.centre(3, 3);
    assert!(d.darkest((hx - 8, hy - 6), 1) > 0.3 && d.darkest((hx - 8, hy + 6), 1) > 0.3);
    assert!(d.dark((hx + 6, hy)) < 0.05, "nothing past the head");
}

const BULB: i64 = UNIT * 2 / 5;

#[test]
fn kropki_dots_sit_on_the_middle_of_the_side_two_cells_share() {
    let d = glyphs();
    // White between r5c1 and r5c2: its fill hides the grid line, its ring
    // is dark; black between r5c3 and r5c4 is dark through.
    let mid = |r: i64, c: i64| {
        let (x, y) = d.centre(r, c);
        (x + UNIT / 2, y)
    };
    let (wx, wy) = mid(5, 1);
    assert!(d.dark((wx, wy)) < 0.1, "a white dot is white inside");
    assert!(d.darkest((wx - 6, wy), 1) > 0.5 && d.darkest((wx + 6, wy), 1) > 0.5);
    let (bx, by) = mid(5, 3);
    assert!(
        d.dark((bx, by)) > 0.8 && d.dark((bx - 4, by)) > 0.8,
        "a black dot"
    );
    // A side with no dot has its grid line only.
    let (px, py) = mid(5, 5);
    assert!(d.dark((px - 4, py)) < 0.05 && d.dark((px, py)) > 0.3);
    // A dot with a value of its own (3, not the usual 2) is larger.
    let (vx, vy) = mid(6, 3);
    assert!(d.dark((vx - 8, vy)) > 0.5 && d.dark((bx - 8, by)) < 0.1);
}

#[test]
fn x_and_v_sit_on_the_side_on_a_white_patch() {
    let d = glyphs();
    let (x, y) = d.centre(7, 1);
    let (mx, my) = (x + UNIT / 2, y);
    // The patch hides the grid line above and below the letter.
    assert!(d.dark((mx, my - 8)) < 0.2, "the patch");
    assert!(svg_texts(&d.svg, "xv") == ["X", "V"]);
    if have_fonts() {
        let letter = (mx - 5..mx)
            .flat_map(|x| (my - 5..=my + 5).map(move |y| (x, y)))
            .any(|at| d.dark(at) > 0.4);
        assert!(letter, "the X's ink off the grid line");
    }
}

/// The texts of the group of class `class`.
fn svg_texts(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|g| g.descendants().filter(|t| t.has_tag_name("text")))
        .map(|t| t.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn even_cells_are_grey_squares_and_odd_cells_grey_circles() {
    let d = glyphs();
    let (ex, ey) = d.centre(9, 1);
    let (ox, oy) = d.centre(9, 2);
    assert!(
        d.grey((ex - 12, ey - 12)) && d.grey((ex - 12, ey)),
        "even: a square"
    );
    assert!(
        !d.grey((ox - 12, oy - 12)) && d.grey((ox - 12, oy)),
        "odd: a circle"
    );
    let (nx, ny) = d.centre(8, 1);
    assert!(!d.grey((nx - 12, ny)), "no shape in the next cell");
}

#[test]
fn minimum_and_maximum_cells_are_shaded_with_chevrons_in_or_out() {
    let d = glyphs();
    let (mx, my) = d.centre(2, 6);
    let (xx, xy) = d.centre(2, 8);
    let shade = |at| d.rgb(at);
    assert_eq!(shade((mx - 17, my - 17)), (232, 232, 232));
    assert_eq!(shade((xx - 17, xy - 17)), (232, 232, 232));
    assert_eq!(
        shade((mx - UNIT + 3, my - 17)),
        (255, 255, 255),
        "r2c5 is not"
    );
    // Towards the neighbour above: a minimum's chevron points in (its
    // tip nearer the middle), a maximum's out (its tip near the side);
    // both between the side and where a digit would be.
    let (near, far) = (UNIT / 2 - UNIT / 20, UNIT / 2 - UNIT * 7 / 40);
    assert!(d.darkest((mx, my - far), 1) > 0.3 && d.dark((mx, my - near)) < 0.2);
    assert!(d.darkest((xx, xy - near), 1) > 0.3 && d.dark((xx, xy - far)) < 0.2);
}

#[test]
fn a_quadruple_is_a_circle_on_the_corner_its_cells_share() {
    let d = glyphs();
    // r4c6, r4c7, r5c6, r5c7 meet at the top-left corner of r5c7.
    let (x, y) = d.centre(5, 7);
    let (cx, cy) = (x - UNIT / 2, y - UNIT / 2);
    assert!(d.darkest((cx + 10, cy - 10), 1) > 0.3, "the circle's ring");
    assert!(
        d.darkest((cx + 11, cy), 0) < 0.15,
        "its fill hides the grid line"
    );
    let (ox, oy) = (cx + 2 * UNIT, cy);
    assert!(d.dark((ox + 11, oy)).max(d.dark((ox + 11, oy - 1))) > 0.3);
    assert_eq!(svg_texts(&d.svg, "quadruples"), ["1", "2", "3", "4"]);
}

#[test]
fn lines_extra_regions_and_cages_without_sums_are_drawn() {
    let d = glyphs();
    let colour = |r, c| {
        let (x, y) = d.centre(r, c);
        d.rgb((x + UNIT / 4, y))
    };
    let (r, g, b) = colour(1, 5);
    assert!(
        g > r + 60 && g > b + 60,
        "whispers are green: {:?}",
        (r, g, b)
    );
    let (r, g, b) = colour(9, 5);
    assert!(
        r > g + 50 && b > g + 50,
        "renban is purple: {:?}",
        (r, g, b)
    );
    assert!(d.grey({
        let (x, y) = d.centre(9, 8);
        (x + 10, y)
    }));
    let (x, y) = d.centre(7, 7);
    let (r, g, b) = d.rgb((x - 15, y - 15));
    assert!(
        b > r + 10 && b < 255,
        "an extra region is tinted: {:?}",
        (r, g, b)
    );
    let (x, y) = d.centre(6, 6);
    assert_eq!(d.rgb((x - 15, y - 15)), (255, 255, 255));
    // The cage without a sum: dashed, and no number in its corner.
    assert!(d.svg.contains("class=\"cages\""));
    assert!(svg_texts(&d.svg, "sums").is_empty());
}

#[test]
fn rules_without_a_glyph_are_a_caption_under_the_grid() {
    for (file, caption) in [
        ("antiknight", vec!["Anti-knight"]),
        ("antiking", vec!["Anti-king"]),
        ("disjointgroups", vec!["Disjoint groups"]),
        ("nonconsecutive", vec!["Non-consecutive"]),
        (
            "kropki",
            vec!["All white dots given", "All black dots given"],
        ),
        ("xv", vec!["All X and V given"]),
        ("thermometer", vec![]),
    ] {
        let case = first_case(&format!("data/fpuzzles/{file}.json"));
        let svg = picture(&case, None);
        // The items, a dot between two on a line.
        let lines = svg_texts(&svg, "caption").join(" \u{b7} ");
        assert_eq!(lines, caption.join(" \u{b7} "), "{file}");
        let p = raster(&svg);
        let side = 9 * CELL + 2 * MARGIN;
        assert_eq!(p.width(), side, "{file}");
        if caption.is_empty() {
            assert_eq!(p.height(), side);
            continue;
        }
        assert!(p.height() > side, "{file}: room for the caption");
        if have_fonts() {
            let ink =
                (MARGIN..MARGIN + 60).any(|x| (side..p.height()).any(|y| darkness(&p, x, y) > 0.4));
            assert!(ink, "{file}: the caption's ink under the grid");
        }
    }
    // The single diagonals of f-puzzles' diagonal+ and diagonal- are
    // drawn as lines, not captions.
    let case = first_case("data/fpuzzles/diagonal-plus.json");
    let svg = picture(&case, None);
    assert!(svg.contains("class=\"diagonal\"") && !svg.contains("class=\"caption\""));
    let p = raster(&svg);
    let at = |k: u32| darkness(&p, MARGIN + 9 * CELL - k, MARGIN + k);
    assert!(at(7) > 0.2, "the anti-diagonal");
    assert!(
        darkness(&p, MARGIN + 7, MARGIN + 7) < 0.05,
        "not the main one"
    );
}

#[test]
fn every_fpuzzles_file_is_drawn_with_every_constraint() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fpuzzles");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let case = first_case(
            path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap()
                .to_str()
                .unwrap(),
        );
        let svg = picture(&case, None);
        raster(&svg);
        // Every glyph reads back into a PDF page.
        render::pdf_document(std::slice::from_ref(&svg)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let class = match name.as_str() {
            "thermometer" => "thermometers",
            "arrow" => "arrows",
            "kropki" | "kropki-positive" => "kropki",
            "xv" => "xv",
            "whispers" => "whispers",
            "renban" => "renban",
            "palindrome" => "palindromes",
            "littlekillersum" => "little-killers",
            "sandwichsum" => "sandwiches",
            "even-odd" => "parity",
            "minimum-maximum" => "extremes",
            "quadruple" => "quadruples",
            "extraregion" => "extra-regions",
            "killercage" | "killercage-nosum" => "cages",
            "diagonal-plus" => "diagonal",
            "diagonal" => "diagonals",
            "jigsaw" => "regions",
            "antiking" | "antiknight" | "disjointgroups" | "nonconsecutive" => "caption",
            other => panic!("{other}.json: which glyph does it have?"),
        };
        assert!(
            svg.contains(&format!("class=\"{class}\"")),
            "{name}: {class}"
        );
    }
}

#[test]
fn every_kind_is_drawn_on_every_size_from_4x4_to_25x25() {
    for n in [4usize, 6, 9, 12, 16, 25] {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        let last = |r: usize, c: usize| format!("R{r}C{c}");
        let extra = format!(
            concat!(
                r#","antiknight":true"#,
                r#","thermometer":[{{"lines":[["R1C1","R1C2","R1C3"]]}}]"#,
                r#","arrow":[{{"cells":["R3C1"],"lines":[["R3C1","R3C2"]]}}]"#,
                r#","difference":[{{"cells":["R2C1","R2C2"]}}],"ratio":[{{"cells":["R2C3","R2C4"]}}]"#,
                r#","xv":[{{"cells":["R4C1","R4C2"],"value":"V"}}]"#,
                r#","whispers":[{{"lines":[["{w1}","{w2}"]]}}],"renban":[{{"lines":[["{r1}","{r2}"]]}}]"#,
                r#","littlekillersum":[{{"cell":"R0C0","direction":"DR","value":"{lk}"}}]"#,
                r#","sandwichsum":[{{"cell":"R0C2","value":"3"}}]"#,
                r#","even":[{{"cell":"{e}"}}],"odd":[{{"cell":"{o}"}}]"#,
                r#","minimum":[{{"cell":"R3C3"}}],"maximum":[{{"cell":"R3C4"}}]"#,
                r#","quadruple":[{{"cells":["R3C3","R3C4","R4C3","R4C4"],"values":[1,2]}}]"#,
            ),
            w1 = last(n, 1),
            w2 = last(n - 1, 2),
            r1 = last(1, n),
            r2 = last(2, n),
            lk = 2 * n,
            e = last(n, n),
            o = last(n, n - 1),
        );
        let json = format!(
            r#"{{"size":{n},"grid":[{}]{extra}}}"#,
            vec![row.clone(); n].join(",")
        );
        let d = Drawn::of(&fpuzzles(&json));
        let side = n as i64 * UNIT;
        assert_eq!(d.at, (UNIT, UNIT), "{n}x{n}");
        assert_eq!(d.p.width() as i64, UNIT + side + UNIT / 4, "{n}x{n}");
        assert!(
            d.p.height() as i64 > UNIT + side + UNIT / 4,
            "{n}x{n}: a caption"
        );
        let (x, y) = d.centre(1, 1);
        assert!(d.grey((x - 13, y)), "{n}x{n}: the thermometer's bulb");
        let (x, y) = d.centre(2, 3);
        assert!(d.dark((x + UNIT / 2, y)) > 0.8, "{n}x{n}: the black dot");
        let (x, y) = d.centre(n as i64, n as i64);
        assert!(d.grey((x + 12, y + 12)), "{n}x{n}: the even square");
        assert_eq!(svg_texts(&d.svg, "caption"), ["Anti-knight"]);
        assert_eq!(svg_texts(&d.svg, "little-killers"), [(2 * n).to_string()]);
    }
}

/// A picture of constraints without any text (so no font enters it)
/// against its reference PNG, as `a_drawing_without_digits_matches_its_
/// reference_png` compares. `DLX_BLESS=1` writes it anew.
#[test]
fn constraint_glyphs_match_their_reference_png() {
    let extra = concat!(
        r#","thermometer":[{"lines":[["R1C1","R1C2","R2C3","R3C3"]]},{"lines":[["R9C9","R8C9","R7C8"]]}]"#,
        r#","arrow":[{"cells":["R4C1"],"lines":[["R4C1","R5C2","R6C2"]]},{"cells":["R1C5","R1C6"],"lines":[["R1C6","R2C7","R3C7"]]}]"#,
        r#","difference":[{"cells":["R5C4","R5C5"]},{"cells":["R6C4","R7C4"]}]"#,
        r#","ratio":[{"cells":["R5C5","R6C5"]}]"#,
        r#","whispers":[{"lines":[["R8C1","R8C2","R9C3","R8C4"]]}]"#,
        r#","renban":[{"lines":[["R2C9","R3C9","R4C8"]]}]"#,
        r#","palindrome":[{"lines":[["R6C7","R6C8","R5C9"]]}]"#,
        r#","even":[{"cell":"R7C6"}],"odd":[{"cell":"R8C6"}]"#,
        r#","minimum":[{"cell":"R3C5"}],"maximum":[{"cell":"R9C7"}]"#,
        r#","extraregion":[{"cells":["R4C4","R4C5","R4C6"]}]"#,
        r#","killercage":[{"cells":["R6C1","R7C1","R7C2"]}]"#,
    );
    let d = Drawn::of(&fpuzzles(&empty_doc(extra)));
    assert!(!d.svg.contains("<text"), "no text, so no font");
    assert_matches_reference(&d.p, "constraints.png");
}

/// `p` against `tests/data/render/NAME` within a tolerance for
/// antialiasing (`DLX_BLESS=1` writes the reference anew).
fn assert_matches_reference(p: &Pixmap, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render")
        .join(name);
    if std::env::var_os("DLX_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        p.save_png(&path).unwrap();
    }
    let reference = Pixmap::load_png(&path).expect("the reference PNG (DLX_BLESS=1 writes it)");
    assert_eq!(
        (p.width(), p.height()),
        (reference.width(), reference.height())
    );
    let (mut differ, mut total) = (0usize, 0u64);
    for (a, b) in p.pixels().iter().zip(reference.pixels()) {
        let d = [
            a.red().abs_diff(b.red()),
            a.green().abs_diff(b.green()),
            a.blue().abs_diff(b.blue()),
        ];
        let worst = *d.iter().max().unwrap();
        total += worst as u64;
        differ += usize::from(worst > 32);
    }
    let pixels = p.pixels().len();
    assert!(
        differ * 200 < pixels,
        "{name}: {differ} of {pixels} pixels differ"
    );
    assert!(
        total < pixels as u64,
        "{name}: mean difference {}",
        total as f64 / pixels as f64
    );
}

#[test]
fn a_constraint_a_picture_cannot_show_is_an_error_naming_its_kind() {
    use dlx_engine::__unstable::sudoku::{Constraint, Relation};
    use dlx_engine::sudoku::{Shape, Variant};
    let grid = Grid::empty(Shape::NINE);
    let kind_of = |c: Constraint| {
        let rules = Variant::plain(Shape::NINE)
            .with_constraints(vec![c])
            .unwrap();
        let puzzle = Puzzle {
            grid: &grid,
            variant: Some(&rules),
            solution: None,
            marks: None,
            note: None,
            highlight: None,
        };
        match render::svg(&puzzle, &Alphabet::default()) {
            Err(e @ render::RenderError::Constraint { kind, .. }) => {
                assert!(e.to_string().contains(kind), "{e}");
                kind
            }
            other => panic!("{other:?}"),
        }
    };
    let dot = Constraint::Dot {
        cells: [0, 2],
        relation: Relation::Difference(1),
    };
    assert_eq!(kind_of(dot), "dot");
    let not_diagonal = Constraint::LittleKiller {
        cells: vec![1, 2],
        sum: 5,
    };
    assert_eq!(kind_of(not_diagonal), "little killer");
    let no_corner = Constraint::Quadruple {
        cells: vec![0, 2],
        digits: vec![1],
    };
    assert_eq!(kind_of(no_corner), "quadruple");
    let mut bent: Vec<u16> = (0..8).collect();
    bent.push(17);
    assert_eq!(
        kind_of(Constraint::Sandwich {
            cells: bent,
            sum: 5
        }),
        "sandwich"
    );
    // A negative rule on one pair, not on every pair without a dot.
    let one_pair = Constraint::Never {
        cells: [0, 1],
        relations: vec![Relation::Difference(1)],
    };
    assert_eq!(kind_of(one_pair), "negative dots");
    // The command says so and draws nothing.
    let far = empty_doc(r#","difference":[{"cells":["R1C1","R1C3"]}]"#);
    let out = dlx().arg("render").write_stdin(far).assert().code(2);
    assert!(out.get_output().stdout.is_empty());
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains(
            "line 1: the picture cannot draw the dot constraint: r1c1 and r1c3 are not neighbours"
        ),
        "{err}"
    );
}

#[test]
fn dlx_render_draws_the_constraints_it_reads() {
    let out = dlx()
        .args(["render", "data/fpuzzles/thermometer.json"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.matches("<circle").count(), 8, "eight bulbs");
    raster(&text);
}

#[test]
fn givens_only_solves_and_checks_but_draws_the_puzzle_alone() {
    let out = dlx()
        .args(["solve", "--output", "svg", "--givens-only", PUZZLE])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(!text.contains("class=\"solved\""));
    let p = raster(&text);
    if have_fonts() {
        assert_givens_inked(&p, &read_all("line", PUZZLE)[0].grid);
    }
    // The same picture as dlx render's, which does not solve.
    let render = dlx().args(["render", PUZZLE]).assert().success();
    assert_eq!(render.get_output().stdout, out.get_output().stdout);
    // A puzzle with no solution is still reported and not drawn.
    let none = "11..............";
    let out = dlx()
        .args(["solve", "--output", "svg", "--givens-only", none])
        .assert()
        .code(1);
    assert!(out.get_output().stdout.is_empty());
    // On a sheet: puzzle pages only.
    let dir = scratch("givens-only");
    dlx()
        .args([
            "render",
            "--solve",
            "--givens-only",
            "--per-page",
            "4",
            "--output-dir",
        ])
        .arg(&dir)
        .write_stdin(format!("{PUZZLE}\n").repeat(5))
        .assert()
        .success();
    let pages = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(pages, 2, "two pages of puzzles, no solutions");
    let _ = std::fs::remove_dir_all(&dir);
    // Without pictures there is nothing to leave out.
    dlx()
        .args(["solve", "--givens-only", PUZZLE])
        .assert()
        .code(2);
    dlx()
        .args(["render", "--givens-only", PUZZLE])
        .assert()
        .code(2);
}

/// The files of `dir`, sorted, with their contents.
fn files_of(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().into_string().unwrap(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn dlx_generate_output_svg_draws_each_puzzle_made() {
    let lines = dlx()
        .args(["generate", "--count", "3", "--seed", "11"])
        .assert()
        .success();
    let lines = String::from_utf8(lines.get_output().stdout.clone()).unwrap();
    let dir = scratch("generate");
    dlx()
        .args([
            "generate",
            "--count",
            "3",
            "--seed",
            "11",
            "--output",
            "svg",
            "--output-dir",
        ])
        .arg(&dir)
        .assert()
        .success();
    let files = files_of(&dir);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["case-0001.svg", "case-0002.svg", "case-0003.svg"]);
    for ((_, svg), line) in files.iter().zip(lines.lines()) {
        let p = raster(svg);
        assert!(!svg.contains("class=\"solved\""));
        if have_fonts() {
            assert_givens_inked(&p, &read_all("line", line)[0].grid);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // With their solutions, on a sheet: two pages of puzzles, one of
    // solutions.
    dlx()
        .args([
            "generate",
            "--count",
            "3",
            "--seed",
            "11",
            "--with-solution",
        ])
        .args(["--output", "svg", "--per-page", "2", "--output-dir"])
        .arg(&dir)
        .assert()
        .success();
    let files = files_of(&dir);
    assert_eq!(files.len(), 3);
    assert!(files[2].1.contains(">Solutions</text>"));
    for (_, svg) in &files {
        raster(svg);
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Jigsaw regions of each puzzle's own come with it.
    let out = dlx()
        .args([
            "generate",
            "--size",
            "6",
            "--variant",
            "jigsaw",
            "--seed",
            "2",
        ])
        .args(["--output", "svg"])
        .assert()
        .success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(svg.contains("data-rules=\"jigsaw\""));
    raster(&svg);
    // Folders and sheets are for pictures.
    dlx().args(["generate", "--per-page", "2"]).assert().code(2);
}

#[test]
fn dlx_rate_and_candidates_output_svg() {
    let rated = dlx().args(["rate", PUZZLE]).assert().success();
    let line = String::from_utf8(rated.get_output().stdout.clone()).unwrap();
    let mut words = line.split(' ');
    let (level, score) = (words.next().unwrap(), words.next().unwrap());
    let out = dlx()
        .args(["rate", "--output", "svg", PUZZLE])
        .assert()
        .success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        svg_texts(&svg, "caption"),
        [format!("Rating: {level}, score {score}")]
    );
    let p = raster(&svg);
    if have_fonts() {
        assert_givens_inked(&p, &read_all("line", PUZZLE)[0].grid);
    }
    // A puzzle with two solutions is not rated, and not drawn.
    let out = dlx()
        .args(["rate", "--output", "svg", "..2.....3..2...."])
        .assert()
        .code(1);
    assert!(out.get_output().stdout.is_empty());
    // dlx candidates --output svg is dlx render --candidates.
    let puzzle = "..2.....3..2....";
    let a = dlx()
        .args(["candidates", "--output", "svg", puzzle])
        .assert()
        .success();
    let b = dlx()
        .args(["render", "--candidates", puzzle])
        .assert()
        .success();
    assert_eq!(a.get_output().stdout, b.get_output().stdout);
    raster(std::str::from_utf8(&a.get_output().stdout).unwrap());
    dlx()
        .args(["candidates", "--output", "svg", "--json", puzzle])
        .assert()
        .code(2);
}

/// The pages of a PDF this crate wrote, checked: the header, the trailer,
/// every cross-reference pointing at its object; how many pages.
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = std::str::from_utf8(pdf).expect("the PDF is ASCII");
    assert!(text.starts_with("%PDF-1.4\n") && text.ends_with("%%EOF\n"));
    let start = text.rfind("startxref\n").unwrap() + "startxref\n".len();
    let xref: usize = text[start..].lines().next().unwrap().parse().unwrap();
    let table = &text[xref..];
    let objects: usize = table.lines().nth(1).unwrap()[2..].parse().unwrap();
    for (k, line) in table.lines().skip(3).take(objects - 1).enumerate() {
        let offset: usize = line[..10].parse().unwrap();
        assert!(text[offset..].starts_with(&format!("{} 0 obj\n", k + 1)));
    }
    let pages = text.matches("/Type /Page ").count();
    assert_eq!(
        text.matches("/MediaBox [0 0 595.276 841.89]").count(),
        pages,
        "A4"
    );
    pages
}

/// Page `k` of a PDF rasterised at 96 dots an inch by poppler's
/// `pdftoppm`, when it is installed (it is no dependency: where it is
/// missing the PDF's pixels are not checked, and the test says so).
fn poppler(pdf: &[u8], k: usize) -> Option<Pixmap> {
    let dir = scratch(&format!("poppler-{k}"));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("sheet.pdf");
    std::fs::write(&input, pdf).unwrap();
    let ran = std::process::Command::new("pdftoppm")
        .args([
            "-r",
            "96",
            "-png",
            "-singlefile",
            "-f",
            &k.to_string(),
            "-l",
            &k.to_string(),
        ])
        .arg(&input)
        .arg(dir.join("page"))
        .status();
    let page = match ran {
        Ok(status) if status.success() => Pixmap::load_png(dir.join("page.png")).ok(),
        _ => {
            eprintln!("no pdftoppm: the PDF's pixels are not checked");
            None
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    page
}

#[test]
fn dlx_render_output_pdf_is_the_sheet_in_one_document() {
    let five = format!("{PUZZLE}\n").repeat(5);
    let out = dlx()
        .args(["render", "--solve", "--per-page", "4", "--output", "pdf"])
        .write_stdin(five.clone())
        .assert()
        .success();
    let pdf = out.get_output().stdout.clone();
    // Two pages of puzzles, one of solutions, as the SVG sheet has.
    assert_eq!(pdf_pages(&pdf), 3);
    let text = String::from_utf8(pdf.clone()).unwrap();
    assert!(text.contains("(Solutions) Tj"));
    // The same bytes on any run, and to a folder as sheet.pdf.
    let dir = scratch("pdf");
    dlx()
        .args([
            "render",
            "--solve",
            "--per-page",
            "4",
            "--output",
            "pdf",
            "--output-dir",
        ])
        .arg(&dir)
        .write_stdin(five.clone())
        .assert()
        .success();
    assert_eq!(std::fs::read(dir.join("sheet.pdf")).unwrap(), pdf);
    // Its pixels are the SVG page's, but for the fonts (the PDF's are
    // Helvetica or its stand-in).
    dlx()
        .args(["render", "--solve", "--per-page", "4", "--output-dir"])
        .arg(&dir)
        .write_stdin(five)
        .assert()
        .success();
    let svg = std::fs::read_to_string(dir.join("page-0001.svg")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let Some(page) = poppler(&pdf, 1) else {
        return;
    };
    let reference = raster(&svg);
    assert_eq!(
        (page.width(), page.height()),
        (reference.width(), reference.height())
    );
    let differ = page
        .pixels()
        .iter()
        .zip(reference.pixels())
        .filter(|(a, b)| a.red().abs_diff(b.red()).max(a.green().abs_diff(b.green())) > 96)
        .count();
    let pixels = page.pixels().len();
    assert!(
        differ * 100 < pixels * 2,
        "{differ} of {pixels} pixels differ"
    );
}

#[test]
fn dlx_generate_output_pdf_makes_a_handout() {
    let dir = scratch("handout");
    dlx()
        .args(["generate", "--count", "6", "--seed", "7", "--with-solution"])
        .args(["--output", "pdf", "--output-dir"])
        .arg(&dir)
        .assert()
        .success();
    let names: Vec<String> = files_of(&dir).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["sheet.pdf"]);
    // Six puzzles on the first page (the default), their solutions on
    // the second.
    let pdf = std::fs::read(dir.join("sheet.pdf")).unwrap();
    assert_eq!(pdf_pages(&pdf), 2);
    let _ = std::fs::remove_dir_all(&dir);
    // rate and candidates make one too.
    for args in [
        vec!["rate", "--output", "pdf", PUZZLE],
        vec!["candidates", "--output", "pdf", PUZZLE],
    ] {
        let out = dlx().args(&args).assert().success();
        assert_eq!(pdf_pages(&out.get_output().stdout), 1, "{args:?}");
    }
}

#[test]
fn a_sheet_with_no_case_drawn_writes_nothing_and_says_why() {
    let no_solution = format!("44{}", &PUZZLE[2..]);
    // (input, args, exit code): every case without a solution, every case
    // unreadable, no case at all.
    for (input, args, code) in [
        (no_solution.as_str(), &["solve", "--output", "pdf"][..], 1),
        ("xyz\n", &["render", "--output", "pdf"][..], 2),
        ("", &["render", "--output", "pdf"][..], 2),
        ("", &["render", "--per-page", "2"][..], 2),
    ] {
        let out = dlx().args(args).write_stdin(input).assert().code(code);
        assert!(out.get_output().stdout.is_empty(), "{args:?} {input:?}");
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(err.contains("dlx: no picture to write: "), "{err}");
    }
    // With --output-dir, no sheet.pdf.
    let dir = scratch("no-sheet");
    dlx()
        .args(["solve", "--output", "pdf", "--output-dir"])
        .arg(&dir)
        .write_stdin(no_solution)
        .assert()
        .code(1);
    assert!(files_of(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sandwich sums on all four sides, two right of row 3 and below column
/// 4 beside little killers in the same margin cells (two killers in one
/// of them).
const CLUE_SIDES: &str = concat!(
    r#","sandwichsum":[{"cell":"R3C10","value":"15"},{"cell":"R10C4","value":"21"},"#,
    r#"{"cell":"R0C2","value":"8"},{"cell":"R6C0","value":"35"}]"#,
    r#","littlekillersum":[{"cell":"R3C10","direction":"DL","value":"23"},"#,
    r#"{"cell":"R3C10","direction":"UL","value":"12"},{"cell":"R10C4","direction":"UR","value":"30"},"#,
    r#"{"cell":"R7C10","direction":"UL","value":"40"}]"#,
);

/// A box around each clue text outside the grid (text, x from, x to, y
/// from, y to, in the grid's units), from its anchor, baseline and font
/// size: two thirds of the size wide a character, three quarters high.
fn clue_boxes(svg: &str) -> Vec<(String, i64, i64, i64, i64)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut boxes = Vec::new();
    for g in doc
        .descendants()
        .filter(|n| matches!(n.attribute("class"), Some("sandwiches" | "little-killers")))
    {
        let size: i64 = g.attribute("font-size").unwrap().parse().unwrap();
        for t in g.children().filter(|t| t.has_tag_name("text")) {
            let at = |a| t.attribute(a).unwrap().parse::<i64>().unwrap();
            let (x, y) = (at("x"), at("y"));
            let text = t.text().unwrap().to_string();
            let half = text.len() as i64 * size / 3;
            boxes.push((text, x - half, x + half, y - size * 3 / 4, y));
        }
    }
    boxes
}

#[test]
fn outside_clues_stay_on_their_side_and_never_overlap() {
    let case = fpuzzles(&empty_doc(CLUE_SIDES));
    let svg = picture(&case, None);
    let boxes = clue_boxes(&svg);
    assert_eq!(boxes.len(), 8);
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let apart = a.2 <= b.1 || b.2 <= a.1 || a.4 <= b.3 || b.4 <= a.3;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
    let side = 9 * UNIT;
    let find = |s: &str| boxes.iter().find(|b| b.0 == s).unwrap().clone();
    // Right of the grid, in line with row 3, beyond the killers there.
    let right = find("15");
    assert!(right.1 > side + UNIT, "{right:?}");
    assert!(right.3 > 2 * UNIT && right.4 < 3 * UNIT, "{right:?}");
    let below = find("21");
    assert!(below.3 > side + UNIT && below.1 > 3 * UNIT && below.2 < 4 * UNIT);
    assert!(find("8").4 < 0 && find("35").2 < 0, "above, left");
    for killer in ["23", "12", "40"] {
        let k = find(killer);
        assert!(k.1 > side && k.2 < side + UNIT, "{k:?}");
    }
    // The right and bottom margins are two cells deep.
    let d = Drawn::of(&case);
    assert_eq!(d.at, (UNIT, UNIT));
    assert_eq!(
        (d.p.width(), d.p.height()),
        (
            (UNIT + side + 2 * UNIT) as u32,
            (UNIT + side + 2 * UNIT) as u32
        )
    );
    assert_matches_svg(&svg, "clue-sides.svg");
}

/// The corners of each chevron of a picture (the `chevrons` path's
/// points).
fn chevron_points(svg: &str) -> Vec<(i64, i64)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let d = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("chevrons"))
        .unwrap()
        .attribute("d")
        .unwrap();
    d.split(['M', 'L'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn chevrons_keep_off_the_digit_and_the_pencil_marks() {
    // A 9 given in r5c5, the 41st cell.
    let doc =
        empty_doc(r#","maximum":[{"cell":"R5C5"},{"cell":"R2C8"}],"minimum":[{"cell":"R7C2"}]"#);
    let mut parts = doc.split("{}");
    let mut doc = parts.next().unwrap().to_string();
    for (k, part) in parts.enumerate() {
        doc.push_str(if k == 40 {
            r#"{"value":9,"given":true}"#
        } else {
            "{}"
        });
        doc.push_str(part);
    }
    let case = fpuzzles(&doc);
    assert_eq!(case.grid.get(4, 4), 9);
    let svg = picture(&case, None);
    // The given's box at r5c5 (24 units high, a digit as wide as two
    // thirds of its size), and a pen's width (2) around it.
    let (cx, cy) = (4 * UNIT + UNIT / 2, 4 * UNIT + UNIT / 2);
    for (x, y) in chevron_points(&svg) {
        let inside = (x - cx).abs() <= 8 + 2 && (y - cy) >= -18 + 8 - 2 && (y - cy) <= 8 + 2;
        assert!(!inside, "a chevron at ({x},{y}) runs into the 9");
    }
    assert_matches_svg(&svg, "extreme-given.svg");
    // With every digit as pencil marks in the empty cells, each chevron
    // keeps off each mark's box (the marks' texts as drawn).
    let marks = vec![0x1ff_u64; 81];
    let puzzle = Puzzle {
        grid: &case.grid,
        variant: case.variant.as_deref(),
        solution: None,
        marks: Some(&marks),
        note: None,
        highlight: None,
    };
    let svg = render::svg(&puzzle, &Alphabet::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let marks: Vec<(i64, i64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("marks"))
        .flat_map(|g| g.children().filter(|t| t.has_tag_name("text")))
        .map(|t| {
            let at = |a| t.attribute(a).unwrap().parse::<i64>().unwrap();
            (at("x"), at("y"))
        })
        .collect();
    assert!(!marks.is_empty());
    let points = chevron_points(&svg);
    for pair in points.chunks(3) {
        for (x, y) in pair.iter().copied() {
            // A mark of size 10 from its baseline up 7, 3 either side.
            let hit = marks
                .iter()
                .find(|&&(mx, my)| (x - mx).abs() <= 3 + 1 && y >= my - 7 - 1 && y <= my + 1);
            assert!(hit.is_none(), "a chevron at ({x},{y}) runs into {hit:?}");
        }
    }
}

/// `svg` against `tests/data/render/NAME` byte for byte (`DLX_BLESS=1`
/// writes it anew; look at it before committing).
fn assert_matches_svg(svg: &str, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render")
        .join(name);
    if std::env::var_os("DLX_BLESS").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let expected =
        std::fs::read_to_string(&path).expect("the expected SVG (DLX_BLESS=1 writes it)");
    assert!(svg == expected, "{name}: the picture changed");
}
