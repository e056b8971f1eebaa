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

use dlx_engine::format::{self, Alphabet, Case, Head};
use dlx_engine::render::{self, Options, Puzzle, UNIT};
use dlx_engine::sudoku::{DlxSolver, Grid, SudokuSolver};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

mod common;

use common::bin::dlx;

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
    let (head, input) = Head::peek(Box::new(std::io::Cursor::new(text)));
    let format = format::detect(&head).unwrap();
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

fn picture(case: &Case, solution: Option<&Grid>, opts: &Options) -> String {
    let puzzle = Puzzle {
        grid: &case.grid,
        variant: case.variant.as_deref(),
        solution,
        marks: None,
    };
    render::svg(&puzzle, &Alphabet::default(), opts).unwrap()
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
    let p = raster(&picture(&case, None, &Options::default()));
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
    let p = raster(&picture(&case, Some(&solution), &Options::default()));
    let only = raster(&picture(
        &case,
        Some(&solution),
        &Options { givens_only: true },
    ));
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
    let p = raster(&picture(&case, None, &Options::default()));
    assert_thick_between(&p, 9, |r, c| regions[(r * 9 + c) as usize] as usize);
}

#[test]
fn thick_lines_lie_between_boxes_of_any_shape() {
    // 6x6 of 2x3 boxes: two rows by three columns.
    let case = read_all("line", &".".repeat(36)).remove(0);
    let shape = case.grid.shape();
    assert_eq!((shape.box_rows(), shape.box_cols()), (2, 3));
    let p = raster(&picture(&case, None, &Options::default()));
    assert_thick_between(&p, 6, |r, c| shape.box_of(r as usize, c as usize));
}

#[test]
fn cage_outlines_are_dashed_inset_and_absent_inside_a_cage() {
    let case = first_variant("data/variants/killer_50.txt");
    let variant = case.variant.clone().unwrap();
    let p = raster(&picture(&case, None, &Options::default()));
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
    let text = picture(&case, None, &Options::default());
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
    let p = raster(&picture(&x, None, &Options::default()));
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
    let p = raster(&picture(&hyper, None, &Options::default()));
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
        let text = picture(&case, None, &Options::default());
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
    let text = picture(&case, None, &Options::default());
    assert!(text.contains(">P</text>") && !text.contains(">25</text>"));
}

#[test]
fn any_alphabet_symbol_is_escaped() {
    let alphabet = Alphabet::custom("<&>'").unwrap();
    let format_opts = format::Options {
        shape: None,
        alphabet: alphabet.clone(),
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
    };
    let text = render::svg(&puzzle, &alphabet, &Options::default()).unwrap();
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
    let dir = std::env::temp_dir().join(format!("dlx-render-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
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
    let p = raster(&picture(&case, None, &Options::default()));
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
