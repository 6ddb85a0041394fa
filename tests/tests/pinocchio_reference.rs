//! The benchmark arms against Pinocchio.
//!
//! Invariant: `Arm3` and `Arm7` (the blocks printed by `bench/tree/arm_block.py`) are the arm(n)
//! of `bench/tree/README.md`; at every state their generated M(q) and h(q, v) must equal
//! Pinocchio 4.1's composite-rigid-body mass matrix (`crba`) and minus its nonlinear effects
//! (h = −nle = −(C v + g)), an independent implementation of the same model by spatial algebra
//! (Carpentier et al. 2019, "The Pinocchio C++ library", Sect. III), and the forward dynamics
//! q̈ = M⁻¹h must equal its articulated-body algorithm (`aba`, τ = 0; Featherstone 2008, "Rigid
//! Body Dynamics Algorithms", Sect. 7.3). The reference values, with 17 significant digits, are
//! `tests/data/arm3.json` and `arm7.json` (written by `bench/tree/reference.sh`). M and h must
//! agree to 1e-12 of their largest entry, and so must q̈, solved here from mb's M and h by a
//! Cholesky factorisation (its error is bounded by cond(M) ≤ 2·10³ times theirs; the observed
//! error is below 3e-14 of the largest entry, so no looser bound is needed), and so must mb's own
//! generated articulated-body algorithm (`articulated_acceleration`), which shares only the link
//! kinematics with mb's M and h. `Arm7Bodies` is the same 7-link arm written with bodies placed by
//! hand (rotation lists and positions from `let`s), derived by the program route (Lagrange's
//! equations through the program of the written block): its M, h and q̈ must equal the same
//! reference (it has no articulated-body algorithm).

use mb_examples::tree_models::arm3::Arm3;
use mb_examples::tree_models::arm7::Arm7;
use mb_examples::tree_models::arm7_bodies::Arm7Bodies;
use mbruntime::{Dynamics, Matrix, Vector};
use std::path::Path;

/// A JSON value: just what the reference files use.
#[derive(Debug)]
enum Json {
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(fields) => {
                &fields
                    .iter()
                    .find(|(k, _)| k == key)
                    .unwrap_or_else(|| panic!("no field `{key}`"))
                    .1
            }
            _ => panic!("`{key}` looked up in a non-object"),
        }
    }
    fn list(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            _ => panic!("expected a list, found {self:?}"),
        }
    }
    fn number(&self) -> f64 {
        match self {
            Json::Number(x) => *x,
            _ => panic!("expected a number, found {self:?}"),
        }
    }
    fn text(&self) -> &str {
        match self {
            Json::Text(s) => s,
            _ => panic!("expected a string, found {self:?}"),
        }
    }
    fn numbers(&self) -> Vec<f64> {
        self.list().iter().map(Json::number).collect()
    }
}

/// A small recursive-descent JSON reader (objects, lists, strings without escapes, numbers).
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }
    fn expect(&mut self, c: u8) {
        self.skip_space();
        assert_eq!(self.text[self.at], c, "JSON: expected `{}`", c as char);
        self.at += 1;
    }
    fn string(&mut self) -> String {
        self.expect(b'"');
        let start = self.at;
        while self.text[self.at] != b'"' {
            assert_ne!(self.text[self.at], b'\\', "JSON: escapes are not used");
            self.at += 1;
        }
        self.at += 1;
        String::from_utf8(self.text[start..self.at - 1].to_vec()).unwrap()
    }
    /// Items separated by commas up to `close`, each read by `item`.
    fn items<T>(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let mut out = Vec::new();
        self.skip_space();
        if self.text[self.at] == close {
            self.at += 1;
            return out;
        }
        loop {
            out.push(item(self));
            self.skip_space();
            let c = self.text[self.at];
            self.at += 1;
            if c == close {
                return out;
            }
            assert_eq!(c, b',', "JSON: expected `,`");
        }
    }
    fn value(&mut self) -> Json {
        self.skip_space();
        match self.text[self.at] {
            b'{' => {
                self.at += 1;
                Json::Object(self.items(b'}', |r| {
                    let key = r.string();
                    r.expect(b':');
                    (key, r.value())
                }))
            }
            b'[' => {
                self.at += 1;
                Json::List(self.items(b']', Self::value))
            }
            b'"' => Json::Text(self.string()),
            _ => {
                let start = self.at;
                while self.at < self.text.len()
                    && matches!(
                        self.text[self.at],
                        b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'
                    )
                {
                    self.at += 1;
                }
                let s = std::str::from_utf8(&self.text[start..self.at]).unwrap();
                Json::Number(s.parse().unwrap_or_else(|_| panic!("JSON number `{s}`")))
            }
        }
    }
}

fn reference(file: &str) -> Json {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    Reader {
        text: text.as_bytes(),
        at: 0,
    }
    .value()
}

#[track_caller]
fn close<const R: usize, const C: usize>(what: &str, a: &Matrix<R, C>, b: &Matrix<R, C>, tol: f64) {
    let scale = b.amax();
    let err = (a - b).amax();
    assert!(
        err <= tol * scale,
        "{what}: mb {a} Pinocchio {b}: |difference| {err:e} > {tol:e} · {scale:e}"
    );
}

/// The model block of the reference file is the model whose defaults mb generated: masses,
/// centres of mass, inertia diagonals, joint offsets, gravity (checked through the parameter
/// values, so a stale file or a changed block fails here rather than as a dynamics mismatch).
fn same_model<M: Dynamics<N>, const N: usize>(model: &M, data: &Json) {
    let m = data.get("model");
    assert_eq!(m.get("n").number() as usize, N);
    let p = |name: &str| {
        let k = model
            .parameter_names()
            .iter()
            .position(|&n| n == name)
            .unwrap_or_else(|| panic!("parameter {name}"));
        model.parameter(k).unwrap()
    };
    for (i, mass) in m.get("masses").numbers().iter().enumerate() {
        assert_eq!(p(&format!("m{i}")), *mass, "mass of link {i}");
    }
    for (i, inertia) in m
        .get("inertia_diagonals_about_com")
        .list()
        .iter()
        .enumerate()
    {
        let d = inertia.numbers();
        assert_eq!(
            [p(&format!("ixx{i}")), p("iyy"), p("izz")],
            [d[0], d[1], d[2]],
            "inertia of link {i}"
        );
    }
    for c in m.get("centres_of_mass").list() {
        assert_eq!(c.numbers(), [p("cx"), p("cy"), p("cz")]);
    }
    let offsets = m.get("joint_offsets").list();
    assert_eq!(offsets[0].numbers(), [0.0, 0.0, p("z0")]);
    for o in &offsets[1..] {
        assert_eq!(o.numbers(), [0.0, p("oy"), p("l")]);
    }
    assert_eq!(m.get("gravity").numbers(), [0.0, 0.0, -p("g")]);
}

/// M, h and q̈ against the reference, and the generated articulated-body algorithm when the
/// model has one (`articulated`).
fn check<M: Dynamics<N>, const N: usize>(model: &M, file: &str, articulated: bool) {
    let data = reference(file);
    assert!(data.get("source").get("version").text().starts_with("4.1"));
    same_model(model, &data);
    let states = data.get("states").list();
    assert_eq!(states.len(), 3);
    for s in states {
        let name = s.get("name").text();
        let q = Vector::<N>::from_vec(s.get("q").numbers());
        let v = Vector::<N>::from_vec(s.get("v").numbers());
        let rows: Vec<Vec<f64>> = s.get("M").list().iter().map(Json::numbers).collect();
        let m_ref = Matrix::<N, N>::from_fn(|i, j| rows[i][j]);
        let h_ref = Vector::<N>::from_vec(s.get("h").numbers());
        let qdd_ref = Vector::<N>::from_vec(s.get("qdd").numbers());

        let (mut m, mut h) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros());
        model.dynamics(&q, &v, 0.0, &mut m, &mut h);
        close(&format!("{file} {name}: M"), &m, &m_ref, 1e-12);
        close(&format!("{file} {name}: h"), &h, &h_ref, 1e-12);

        let qdd = m.cholesky().expect("M positive definite").solve(&h);
        close(&format!("{file} {name}: q̈"), &qdd, &qdd_ref, 1e-12);

        let mut qdd_aba = Vector::<N>::zeros();
        if !articulated {
            assert!(!model.articulated_acceleration(&q, &v, 0.0, &mut qdd_aba));
            continue;
        }
        assert!(model.articulated_acceleration(&q, &v, 0.0, &mut qdd_aba));
        close(
            &format!("{file} {name}: q̈ (ABA)"),
            &qdd_aba,
            &qdd_ref,
            1e-12,
        );
    }
}

#[test]
fn arm3_matches_pinocchio() {
    check(&Arm3::default(), "arm3.json", true);
}

#[test]
fn arm7_matches_pinocchio() {
    check(&Arm7::default(), "arm7.json", true);
}

#[test]
fn arm7_placed_by_hand_matches_pinocchio() {
    check(&Arm7Bodies::default(), "arm7.json", false);
}
