//! Human-readable equations: derived atoms printed with the model's own names, as plain text or
//! LaTeX, and whole reports (text, LaTeX, Markdown), optionally with the Jacobians
//! ([`jacobians`]).

mod jacobians;

use super::derive::Derived;
use super::symbols::pool;
use crate::dsl::ast::Model;
use std::collections::HashMap;
use std::fmt::Write;
use symbolica::atom::{Atom, AtomView, Symbol};

/// Output format of equations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text: `m*l^2*dot(theta)`.
    Text,
    /// LaTeX: `m l^{2} \dot{\theta}`.
    Latex,
    /// Markdown with LaTeX math blocks.
    Markdown,
}

const GREEK: [&str; 24] = [
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi",
    "omega", "varphi",
];

fn latex_name(n: &str) -> String {
    let (head, sub) = match n.split_once('_') {
        Some((h, s)) => (h, Some(s)),
        None => (n, None),
    };
    let head = if GREEK.contains(&head.to_lowercase().as_str()) {
        // `theta` → \theta, `Phi` → \Phi.
        format!("\\{head}")
    } else if head.len() > 1 {
        format!("\\mathrm{{{head}}}")
    } else {
        head.to_string()
    };
    match sub {
        Some(s) => format!("{head}_{{{}}}", s.replace('_', ",")),
        None => head,
    }
}

/// An intermediate `z12` of the structured route as ζ12 (`\zeta_{12}`), apart from any name a
/// block may use; other names as they are.
pub fn intermediate_name(stripped: &str, latex: bool) -> String {
    match stripped.strip_prefix('z') {
        Some(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
            if latex {
                format!("\\zeta_{{{k}}}")
            } else {
                format!("ζ{k}")
            }
        }
        _ => stripped.to_string(),
    }
}

/// Prints atoms with the names of one model.
pub struct Printer {
    names: HashMap<Symbol, (String, String)>, // symbol → (text, latex)
}

impl Printer {
    /// Name table of a model.
    pub fn new(model: &Model) -> Printer {
        let p = pool();
        let mut names = HashMap::new();
        for (i, c) in model.coordinates.iter().enumerate() {
            let l = latex_name(&c.text);
            names.insert(p.q[i], (c.text.clone(), l.clone()));
            names.insert(
                p.qd[i],
                (format!("dot({})", c.text), format!("\\dot{{{l}}}")),
            );
            names.insert(
                p.qdd[i],
                (format!("ddot({})", c.text), format!("\\ddot{{{l}}}")),
            );
            names.insert(
                p.qddd[i],
                (format!("dddot({})", c.text), format!("\\dddot{{{l}}}")),
            );
            names.insert(p.a[i], (format!("a[{}]", c.text), format!("a_{{{l}}}")));
        }
        for (k, par) in model.parameters.iter().enumerate() {
            names.insert(p.p[k], (par.name.text.clone(), latex_name(&par.name.text)));
        }
        let t = model
            .time
            .as_ref()
            .map(|t| t.text.clone())
            .unwrap_or_else(|| "t".into());
        names.insert(p.t, (t.clone(), latex_name(&t)));
        Printer { names }
    }

    /// Plain text or LaTeX of an atom.
    pub fn print(&self, a: &Atom, latex: bool) -> String {
        self.view(a.as_view(), latex, 0)
    }

    // Precedence: 0 sum context, 1 product context, 2 power base.
    fn view(&self, v: AtomView, latex: bool, prec: u8) -> String {
        let s = match v {
            AtomView::Num(_) => {
                let s = v.to_string();
                if latex && let Some((a, b)) = s.split_once('/') {
                    let (sign, a) = a.strip_prefix('-').map(|a| ("-", a)).unwrap_or(("", a));
                    return wrap(
                        format!("{sign}\\frac{{{a}}}{{{b}}}"),
                        prec >= 2 || (prec >= 1 && !sign.is_empty()),
                    );
                }
                let neg = s.starts_with('-');
                return wrap(
                    s.clone(),
                    (neg && prec >= 1) || (s.contains('/') && prec >= 2),
                );
            }
            AtomView::Var(x) => {
                let sym = x.get_symbol();
                return match self.names.get(&sym) {
                    Some((t, l)) => {
                        if latex {
                            l.clone()
                        } else {
                            t.clone()
                        }
                    }
                    None => intermediate_name(sym.get_stripped_name(), latex),
                };
            }
            AtomView::Fun(f) => {
                let sym = f.get_symbol();
                let name = sym.get_stripped_name();
                let args: Vec<String> = f.iter().map(|a| self.view(a, latex, 0)).collect();
                return if latex {
                    let n = match name {
                        "sin" | "cos" | "tan" | "exp" => format!("\\{name}"),
                        "log" => "\\ln".into(),
                        "sqrt" => return format!("\\sqrt{{{}}}", args.join(", ")),
                        other => format!("\\operatorname{{{other}}}"),
                    };
                    format!("{n}\\left({}\\right)", args.join(", "))
                } else {
                    let n = if name == "log" { "ln" } else { name };
                    format!("{n}({})", args.join(", "))
                };
            }
            AtomView::Pow(p) => {
                let (b, e) = p.get_base_exp();
                let bs = self.view(b, latex, 2);
                let es = e.to_string();
                if es == "1/2" {
                    return if latex {
                        format!("\\sqrt{{{}}}", self.view(b, latex, 0))
                    } else {
                        format!("sqrt({})", self.view(b, latex, 0))
                    };
                }
                if latex {
                    if let Some(k) = es.strip_prefix('-') {
                        let den = if k == "1" {
                            self.view(b, latex, 0)
                        } else {
                            format!("{bs}^{{{k}}}")
                        };
                        return format!("\\frac{{1}}{{{den}}}");
                    }
                    // A power binds tighter than a product: no parentheses around it.
                    return wrap(format!("{bs}^{{{}}}", self.view(e, latex, 0)), prec >= 2);
                } else {
                    return wrap(format!("{bs}^{}", self.view(e, latex, 2)), prec >= 2);
                }
            }
            AtomView::Mul(m) => {
                let mut sign = "";
                let mut factors = Vec::new();
                for f in m.iter() {
                    let fs = f.to_string();
                    if fs == "-1" {
                        sign = "-";
                        continue;
                    }
                    factors.push(self.view(f, latex, 1));
                }
                let joined = factors.join(if latex { " " } else { "*" });
                let s = format!("{sign}{joined}");
                return wrap(s, prec >= 2 || (!sign.is_empty() && prec >= 1));
            }
            AtomView::Add(a) => {
                let mut s = String::new();
                for (k, t) in a.iter().enumerate() {
                    let ts = self.view(t, latex, 0);
                    if k > 0 {
                        if let Some(rest) = ts.strip_prefix('-') {
                            s.push_str(" - ");
                            s.push_str(rest);
                            continue;
                        }
                        s.push_str(" + ");
                    }
                    s.push_str(&ts);
                }
                s
            }
        };
        wrap(s, prec >= 1)
    }
}

fn wrap(s: String, yes: bool) -> String {
    if yes { format!("({s})") } else { s }
}

/// A report being written: the printer, the format and the text so far.
struct Report<'m> {
    model: &'m Model,
    printer: Printer,
    format: Format,
    latex: bool,
    out: String,
}

impl Report<'_> {
    /// `label = body` in the format's layout.
    fn entry(&mut self, label: String, a: &Atom) {
        let body = self.printer.print(a, self.latex);
        let _ = match self.format {
            Format::Text => writeln!(self.out, "{label} = {body}"),
            Format::Latex => writeln!(self.out, "{label} &= {body} \\\\"),
            Format::Markdown => writeln!(self.out, "$$ {label} = {body} $$\n"),
        };
    }

    /// A line of prose (a comment in LaTeX).
    fn note(&mut self, text: &str) {
        let _ = match self.format {
            Format::Text => writeln!(self.out, "{text}"),
            Format::Latex => writeln!(self.out, "% {text}"),
            Format::Markdown => writeln!(self.out, "{text}\n"),
        };
    }

    /// A section heading.
    fn section(&mut self, title: &str) {
        let _ = match self.format {
            Format::Text => writeln!(self.out, "\n# {title}"),
            Format::Latex => writeln!(
                self.out,
                "\\end{{aligned}}\n\\]\n% {title}\n\\[\n\\begin{{aligned}}"
            ),
            Format::Markdown => writeln!(self.out, "\n## {title}\n"),
        };
    }

    /// The opening lines: the mechanism and its sizes.
    fn header(&mut self, d: &Derived) {
        let name = &self.model.name.text;
        let _ = match self.format {
            Format::Text => writeln!(
                self.out,
                "mechanism {name}: {} coordinates, {} bilateral constraints, {} contacts",
                d.nq, d.nb, d.nu
            ),
            Format::Latex => writeln!(self.out, "% mechanism {name}\n\\[\n\\begin{{aligned}}"),
            Format::Markdown => writeln!(
                self.out,
                "# Mechanism `{name}`\n\n{} coordinates, {} bilateral constraints, {} contacts.",
                d.nq, d.nb, d.nu
            ),
        };
    }

    /// A symbol with one or two indices: `M[x, y]` or `M_{x, y}`.
    fn indexed(&self, text: &str, tex: &str, a: String, b: Option<String>) -> String {
        let sym = if self.latex { tex } else { text };
        match (self.latex, b) {
            (false, None) => format!("{sym}[{a}]"),
            (false, Some(b)) => format!("{sym}[{a}, {b}]"),
            (true, None) => format!("{sym}_{{{a}}}"),
            (true, Some(b)) => format!("{sym}_{{{a}, {b}}}"),
        }
    }

    fn coordinate(&self, i: usize) -> String {
        self.model.coordinates[i].text.clone()
    }

    /// The non-zero entries of a Jacobian column `column` of constraint `name`.
    fn column(&mut self, text: &str, tex: &str, name: &str, column: &[Atom]) {
        for (i, a) in column.iter().enumerate() {
            if !a.is_zero() {
                let label = self.indexed(text, tex, self.coordinate(i), Some(name.to_string()));
                self.entry(label, a);
            }
        }
    }

    /// M (upper triangle, non-zero entries) and h.
    fn dynamics(&mut self, d: &Derived) {
        self.section("Mass matrix M = d²T/dq̇²");
        for i in 0..d.nq {
            for j in i..d.nq {
                if !d.mass[i][j].is_zero() {
                    let label =
                        self.indexed("M", "M", self.coordinate(i), Some(self.coordinate(j)));
                    self.entry(label, &d.mass[i][j]);
                }
            }
        }
        self.section("Forces h (M q̈ = h + W λ)");
        for i in 0..d.nq {
            let label = self.indexed("h", "h", self.coordinate(i), None);
            self.entry(label, &d.forces[i]);
        }
    }

    /// g, G and the drift of every bilateral constraint.
    fn bilateral(&mut self, d: &Derived) {
        self.section(if d.holonomic.contains(&false) {
            "Bilateral constraints g = 0 and G = ∇g, velocity constraints A q̇ + a = 0"
        } else {
            "Bilateral constraints g = 0 and G = ∇g"
        });
        for (j, name) in d.constraint_names.iter().enumerate() {
            if !d.holonomic[j] {
                // A velocity constraint A q̇ + a = 0: its column Aᵀ and offset a.
                self.column("A'", "A^{T}", name, &d.kinematics.bilateral.jacobian[j]);
                let label = self.indexed("a", "a", name.clone(), None);
                self.entry(label, &d.kinematics.bilateral.time[j]);
                let label = self.indexed("Adot qdot", "\\dot{A}\\dot{q}", name.clone(), None);
                self.entry(label, &d.kinematics.bilateral.drift[j]);
                continue;
            }
            let label = self.indexed("g", "g", name.clone(), None);
            self.entry(label, &d.bilateral[j]);
            self.column("G", "G", name, &d.kinematics.bilateral.jacobian[j]);
            let label = self.indexed("Gdot'qdot", "\\dot{G}^{T}\\dot{q}", name.clone(), None);
            self.entry(label, &d.kinematics.bilateral.drift[j]);
        }
    }

    /// g_N, W_N and W_T (and W_T2 of a tangent plane) of every contact.
    fn contacts(&mut self, d: &Derived) {
        self.section("Contacts: gaps g_N, W_N = ∇g_N, W_T");
        let model = self.model;
        for (c, ct) in model.contacts.iter().enumerate() {
            let name = &ct.name.text;
            let label = self.indexed("g_N", "g_{N}", name.clone(), None);
            self.entry(label, &d.gaps[c]);
            self.column("W_N", "W_{N}", name, &d.kinematics.gaps.jacobian[c]);
            self.column("W_T", "W_{T}", name, &d.kinematics.slips.jacobian[c]);
            if d.kinematics.tangent_planes[c] {
                let w = &d.kinematics.second_slips.jacobian[c];
                self.column("W_T2", "W_{T2}", name, w);
            }
        }
    }
}

/// What a report shows besides the principal equations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sections {
    /// ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p, ∂(M a)/∂p, the drift Jacobians.
    pub jacobians: bool,
}

/// A report of the principal derived equations of a model.
pub fn report(model: &Model, d: &Derived, format: Format) -> String {
    report_sections(model, d, format, Sections::default())
}

/// A report of the principal derived equations of a model and the optional `sections`.
pub fn report_sections(model: &Model, d: &Derived, format: Format, sections: Sections) -> String {
    let mut r = Report {
        model,
        printer: Printer::new(model),
        format,
        latex: format != Format::Text,
        out: String::new(),
    };
    r.header(d);
    r.section("Energies");
    r.entry("T".to_string(), &d.kinetic);
    r.entry("V".to_string(), &d.potential);
    r.dynamics(d);
    if d.nb > 0 {
        r.bilateral(d);
    }
    if d.nu > 0 {
        r.contacts(d);
    }
    if sections.jacobians {
        r.jacobians(d);
    }
    if !d.intermediates.is_empty() {
        r.section("Intermediates z (structured route), in order of computation");
        for (z, value) in &d.intermediates {
            let name = intermediate_name(z.get_stripped_name(), r.latex);
            r.entry(name, value);
        }
    }
    if format == Format::Latex {
        let _ = writeln!(r.out, "\\end{{aligned}}\n\\]");
    }
    r.out
}
