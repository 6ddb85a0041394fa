//! Human-readable equations: derived atoms printed with the model's own names, as plain text or
//! LaTeX, and whole reports (text, LaTeX, Markdown).

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
                    None => sym.get_stripped_name().to_string(),
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

/// A report of the principal derived equations of a model.
pub fn report(model: &Model, d: &Derived, format: Format) -> String {
    let pr = Printer::new(model);
    let latex = format != Format::Text;
    let mut out = String::new();
    let name = &model.name.text;
    let coord = |i: usize| model.coordinates[i].text.clone();
    let entry = |label: String, a: &Atom, out: &mut String| {
        let body = pr.print(a, latex);
        match format {
            Format::Text => {
                let _ = writeln!(out, "{label} = {body}");
            }
            Format::Latex => {
                let _ = writeln!(out, "{label} &= {body} \\\\");
            }
            Format::Markdown => {
                let _ = writeln!(out, "$$ {label} = {body} $$\n");
            }
        }
    };
    let section = |title: &str, out: &mut String| match format {
        Format::Text => {
            let _ = writeln!(out, "\n# {title}");
        }
        Format::Latex => {
            let _ = writeln!(
                out,
                "\\end{{aligned}}\n\\]\n% {title}\n\\[\n\\begin{{aligned}}"
            );
        }
        Format::Markdown => {
            let _ = writeln!(out, "\n## {title}\n");
        }
    };
    match format {
        Format::Text => {
            let _ = writeln!(
                out,
                "mechanism {name}: {} coordinates, {} bilateral constraints, {} contacts",
                d.nq, d.nb, d.nu
            );
        }
        Format::Latex => {
            let _ = writeln!(out, "% mechanism {name}\n\\[\n\\begin{{aligned}}");
        }
        Format::Markdown => {
            let _ = writeln!(
                out,
                "# Mechanism `{name}`\n\n{} coordinates, {} bilateral constraints, {} contacts.",
                d.nq, d.nb, d.nu
            );
        }
    }
    let idx = |a: String, b: Option<String>| -> String {
        match (latex, b) {
            (false, None) => format!("[{a}]"),
            (false, Some(b)) => format!("[{a}, {b}]"),
            (true, None) => format!("_{{{a}}}"),
            (true, Some(b)) => format!("_{{{a}, {b}}}"),
        }
    };
    let sym = |text: &str, tex: &str| {
        if latex {
            tex.to_string()
        } else {
            text.to_string()
        }
    };
    section("Energies", &mut out);
    entry(sym("T", "T"), &d.kinetic, &mut out);
    entry(sym("V", "V"), &d.potential, &mut out);
    section("Mass matrix M = d²T/dq̇²", &mut out);
    for i in 0..d.nq {
        for j in i..d.nq {
            if !d.mass[i][j].is_zero() {
                entry(
                    format!("{}{}", sym("M", "M"), idx(coord(i), Some(coord(j)))),
                    &d.mass[i][j],
                    &mut out,
                );
            }
        }
    }
    section("Forces h (M q̈ = h + W λ)", &mut out);
    for i in 0..d.nq {
        entry(
            format!("{}{}", sym("h", "h"), idx(coord(i), None)),
            &d.forces[i],
            &mut out,
        );
    }
    if d.nb > 0 {
        section("Bilateral constraints g = 0 and G = ∇g", &mut out);
        for (j, c) in model.constraints.iter().enumerate() {
            entry(
                format!("{}{}", sym("g", "g"), idx(c.name.text.clone(), None)),
                &d.bilateral[j],
                &mut out,
            );
            for i in 0..d.nq {
                if !d.bilateral_jacobian[j][i].is_zero() {
                    entry(
                        format!(
                            "{}{}",
                            sym("G", "G"),
                            idx(coord(i), Some(c.name.text.clone()))
                        ),
                        &d.bilateral_jacobian[j][i],
                        &mut out,
                    );
                }
            }
            entry(
                format!(
                    "{}{}",
                    sym("Gdot'qdot", "\\dot{G}^{T}\\dot{q}"),
                    idx(c.name.text.clone(), None)
                ),
                &d.bilateral_drift[j],
                &mut out,
            );
        }
    }
    if d.nu > 0 {
        section("Contacts: gaps g_N, W_N = ∇g_N, W_T", &mut out);
        for (c, ct) in model.contacts.iter().enumerate() {
            let cn = ct.name.text.clone();
            entry(
                format!("{}{}", sym("g_N", "g_{N}"), idx(cn.clone(), None)),
                &d.gaps[c],
                &mut out,
            );
            for i in 0..d.nq {
                if !d.gap_jacobian[c][i].is_zero() {
                    entry(
                        format!("{}{}", sym("W_N", "W_{N}"), idx(coord(i), Some(cn.clone()))),
                        &d.gap_jacobian[c][i],
                        &mut out,
                    );
                }
            }
            for i in 0..d.nq {
                if !d.slip_jacobian[c][i].is_zero() {
                    entry(
                        format!("{}{}", sym("W_T", "W_{T}"), idx(coord(i), Some(cn.clone()))),
                        &d.slip_jacobian[c][i],
                        &mut out,
                    );
                }
            }
        }
    }
    if format == Format::Latex {
        let _ = writeln!(out, "\\end{{aligned}}\n\\]");
    }
    out
}
