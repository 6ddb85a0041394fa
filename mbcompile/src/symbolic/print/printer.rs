//! Atoms printed with the names of one model, as plain text or LaTeX.

use crate::dsl::ast::Model;
use crate::symbolic::symbols::pool;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomView, Symbol};

const GREEK: [&str; 24] = [
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi",
    "omega", "varphi",
];

/// A name in LaTeX: Greek letters as commands, longer names upright, `_` as subscripts.
pub fn latex_name(n: &str) -> String {
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
