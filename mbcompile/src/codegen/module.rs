//! The generated module: parameter struct, `Default`, and the `mbruntime::Mechanism` impl.

// Index loops mirror the index notation of the formulas (M_ij, Γ_ijk).
#![allow(clippy::needless_range_loop)]

use super::kernel::{Input, Kernel, kernel, literal};
use crate::dsl::ast::Model;
use crate::dsl::canonical::fingerprint;
use crate::dsl::source::FINGERPRINT_PREFIX;
use crate::symbolic::derive::Derived;
use crate::symbolic::symbols::pool;
use std::fmt::Write;
use symbolica::atom::Atom;

/// Version of the generator, written into every header.
pub const GENERATOR: &str = concat!("mbcompile ", env!("CARGO_PKG_VERSION"));

/// Inputs a function reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Q,
    Qd,
    Qdd,
    Qddd,
    Qdddd,
}

/// One output value and where it goes.
struct Out {
    atom: Atom,
    targets: Vec<String>,
}

/// Statistics of the generated code.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Arithmetic operations per function, in emission order.
    pub operations: Vec<(String, usize)>,
    /// CPU seconds spent building each function's evaluator and code.
    pub seconds: Vec<(String, f64)>,
}

struct Gen<'a> {
    model: &'a Model,
    d: &'a Derived,
    horner: usize,
    stats: Stats,
}

fn matrix_outs(m: &[Vec<Atom>], buffer: &str, symmetric: bool) -> Vec<Out> {
    let n = m.len();
    let mut outs = Vec::new();
    for i in 0..n {
        let cols = m[i].len();
        for j in 0..cols {
            if symmetric && j < i {
                continue;
            }
            let mut targets = vec![format!("{buffer}[({i}, {j})]")];
            if symmetric && i != j {
                targets.push(format!("{buffer}[({j}, {i})]"));
            }
            outs.push(Out {
                atom: m[i][j].clone(),
                targets,
            });
        }
    }
    outs
}

/// Matrix stored `[column][row]` (e.g. Jacobian columns).
fn column_outs(cols: &[Vec<Atom>], buffer: &str) -> Vec<Out> {
    let mut outs = Vec::new();
    for (j, col) in cols.iter().enumerate() {
        for (i, a) in col.iter().enumerate() {
            outs.push(Out {
                atom: a.clone(),
                targets: vec![format!("{buffer}[({i}, {j})]")],
            });
        }
    }
    outs
}

fn vector_outs(v: &[Atom], buffer: &str) -> Vec<Out> {
    v.iter()
        .enumerate()
        .map(|(i, a)| Out {
            atom: a.clone(),
            targets: vec![format!("{buffer}[{i}]")],
        })
        .collect()
}

impl<'a> Gen<'a> {
    fn inputs(&self, families: &[Family]) -> Vec<Input> {
        let p = pool();
        let mut v = Vec::new();
        for (k, par) in self.model.parameters.iter().enumerate() {
            v.push(Input {
                symbol: p.p[k],
                rust: format!("self.{}", par.name.text),
                argument: "self",
            });
        }
        for f in families {
            let (syms, arg) = match f {
                Family::Q => (&p.q, "q"),
                Family::Qd => (&p.qd, "qd"),
                Family::Qdd => (&p.qdd, "qdd"),
                Family::Qddd => (&p.qddd, "qddd"),
                Family::Qdddd => (&p.qdddd, "qdddd"),
            };
            for (i, s) in syms.iter().take(self.d.nq).enumerate() {
                v.push(Input {
                    symbol: *s,
                    rust: format!("{arg}[{i}]"),
                    argument: arg,
                });
            }
        }
        v.push(Input {
            symbol: p.t,
            rust: "t".into(),
            argument: "t",
        });
        v
    }

    fn kernel(
        &mut self,
        name: &str,
        families: &[Family],
        atoms: &[Atom],
    ) -> Result<Kernel, String> {
        let start = crate::cpu_seconds();
        let k = kernel(atoms, &self.inputs(families), self.horner)
            .map_err(|e| format!("{name}: {e}"))?;
        self.stats.operations.push((name.to_string(), k.operations));
        self.stats
            .seconds
            .push((name.to_string(), crate::cpu_seconds() - start));
        Ok(k)
    }

    /// Body statements writing `outs` into their buffers; returns (body, arguments used).
    fn body(
        &mut self,
        name: &str,
        families: &[Family],
        outs: &[Out],
        buffers: &[&'static str],
    ) -> Result<(String, Vec<&'static str>), String> {
        let atoms: Vec<Atom> = outs.iter().map(|o| o.atom.clone()).collect();
        let k = self.kernel(name, families, &atoms)?;
        let mut s = String::new();
        let mut used = k.arguments_used.clone();
        // Buffers holding any zero entry are cleared first; then only non-zero entries are written.
        for b in buffers {
            let has_zero = outs.iter().zip(&k.values).any(|(o, v)| {
                v == "0.0" && o.targets.iter().any(|t| t.starts_with(&format!("{b}[")))
            });
            if has_zero {
                let _ = writeln!(s, "{b}.fill(0.0);");
                used.push(b);
            }
        }
        for st in &k.statements {
            s.push_str(st);
            s.push('\n');
        }
        for (o, v) in outs.iter().zip(&k.values) {
            if v == "0.0" {
                continue;
            }
            for t in &o.targets {
                let _ = writeln!(s, "{t} = {v};");
                if let Some(b) = buffers.iter().find(|b| t.starts_with(&format!("{b}["))) {
                    used.push(b);
                }
            }
        }
        Ok((s, used))
    }
}

fn arg(name: &str, ty: &str, used: &[&str]) -> String {
    if used.contains(&name) {
        format!("{name}: {ty}")
    } else {
        format!("_{name}: {ty}")
    }
}

/// Generates the complete, formatted module source for a model.
pub fn module(model: &Model, d: &Derived, horner: usize) -> Result<(String, Stats), String> {
    let mut g = Gen {
        model,
        d,
        horner,
        stats: Stats::default(),
    };
    let (nq, nb, nu, np) = (d.nq, d.nb, d.nu, d.np);
    let fp = fingerprint(model);
    let name = &model.name.text;
    let vq = format!("&Vector<{nq}>");
    let mut items = String::new();
    use Family::*;

    // Parameters and bookkeeping.
    let mut fields = String::new();
    let mut defaults = String::new();
    for p in &model.parameters {
        for line in &p.doc {
            let _ = writeln!(fields, "/// {line}");
        }
        if p.doc.is_empty() {
            let _ = writeln!(
                fields,
                "/// Parameter `{}` (default {}).",
                p.name.text,
                literal(p.default.value)
            );
        }
        let _ = writeln!(fields, "pub {}: f64,", p.name.text);
        let _ = writeln!(defaults, "{}: {},", p.name.text, literal(p.default.value));
    }
    let names = |v: Vec<&str>| {
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let coords = names(model.coordinates.iter().map(|c| c.text.as_str()).collect());
    let cons = names(
        model
            .constraints
            .iter()
            .map(|c| c.name.text.as_str())
            .collect(),
    );
    let conts = names(
        model
            .contacts
            .iter()
            .map(|c| c.name.text.as_str())
            .collect(),
    );
    let params = names(
        model
            .parameters
            .iter()
            .map(|c| c.name.text.as_str())
            .collect(),
    );
    let get_arms: String = model
        .parameters
        .iter()
        .enumerate()
        .map(|(k, p)| format!("{k} => Some(self.{}),", p.name.text))
        .collect();
    let set_body = if np == 0 {
        "let _ = value; Err(ParameterError::Unknown(k.to_string()))".to_string()
    } else {
        format!(
            "let (slot, name) = match k {{ {} _ => return Err(ParameterError::Unknown(k.to_string())) }};
             if !value.is_finite() {{ return Err(ParameterError::NonFinite {{ name, value }}); }}
             *slot = value; Ok(())",
            model.parameters.iter().enumerate().map(|(k, p)| format!("{k} => (&mut self.{0}, {0:?}),", p.name.text)).collect::<String>()
        )
    };
    let get_body = if np == 0 {
        "let _ = k; None".to_string()
    } else {
        format!("match k {{ {get_arms} _ => None }}")
    };

    let mut fns = String::new();
    // Body of a function returning one value: the last binding becomes the tail expression.
    let scalar = |k: &Kernel| -> String {
        let mut st = k.statements.clone();
        let v = &k.values[0];
        if let Some(last) = st.last()
            && let Some(e) = last.strip_prefix(&format!("let {v} = "))
        {
            let e = e.trim_end_matches(';').to_string();
            st.pop();
            return format!("{} {e}", st.join("\n"));
        }
        format!("{} {v}", st.join("\n"))
    };
    // Energies.
    {
        let k = g.kernel("kinetic_energy", &[Q, Qd], std::slice::from_ref(&d.kinetic))?;
        let u = &k.arguments_used;
        let _ = writeln!(
            fns,
            "fn kinetic_energy(&self, {}, {}, {}) -> f64 {{ {} }}",
            arg("q", &vq, u),
            arg("qd", &vq, u),
            arg("t", "f64", u),
            scalar(&k)
        );
        let k = g.kernel("potential_energy", &[Q], std::slice::from_ref(&d.potential))?;
        let u = &k.arguments_used;
        let _ = writeln!(
            fns,
            "fn potential_energy(&self, {}, {}) -> f64 {{ {} }}",
            arg("q", &vq, u),
            arg("t", "f64", u),
            scalar(&k)
        );
    }
    // Dynamics (M and h share one kernel); mass_matrix and forces are views of it.
    {
        let mut outs = matrix_outs(&d.mass, "m", true);
        outs.extend(vector_outs(&d.forces, "h"));
        let (b, u) = g.body("dynamics", &[Q, Qd], &outs, &["m", "h"])?;
        let _ = writeln!(
            fns,
            "fn dynamics(&self, {}, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("t", "f64", &u),
            arg("m", &format!("&mut Matrix<{nq}, {nq}>"), &u),
            arg("h", &format!("&mut Vector<{nq}>"), &u)
        );
        let (b, u) = g.body(
            "mass_matrix",
            &[Q],
            &matrix_outs(&d.mass, "m", true),
            &["m"],
        )?;
        let _ = writeln!(
            fns,
            "fn mass_matrix(&self, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg("m", &format!("&mut Matrix<{nq}, {nq}>"), &u)
        );
        let (b, u) = g.body("forces", &[Q, Qd], &vector_outs(&d.forces, "h"), &["h"])?;
        let _ = writeln!(
            fns,
            "fn forces(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("t", "f64", &u),
            arg("h", &format!("&mut Vector<{nq}>"), &u)
        );
        let (b, u) = g.body(
            "coriolis",
            &[Q, Qd],
            &matrix_outs(&d.coriolis, "c", false),
            &["c"],
        )?;
        let _ = writeln!(
            fns,
            "fn coriolis(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("t", "f64", &u),
            arg("c", &format!("&mut Matrix<{nq}, {nq}>"), &u)
        );
    }
    // Constraint kinematics: values, Jacobians with time partials, drifts.
    for (prefix, values, jac, time, drift, n, jac_name) in [
        (
            "bilateral",
            &d.bilateral,
            &d.bilateral_jacobian,
            &d.bilateral_time,
            &d.bilateral_drift,
            nb,
            "jac",
        ),
        (
            "gap",
            &d.gaps,
            &d.gap_jacobian,
            &d.gap_time,
            &d.gap_drift,
            nu,
            "w_n",
        ),
    ] {
        let (vname, vbuf) = if prefix == "gap" {
            ("gaps", "g_n")
        } else {
            ("bilateral", "g")
        };
        let (b, u) = g.body(
            vname,
            &[Q],
            &vector_outs(values, vbuf),
            &[if prefix == "gap" { "g_n" } else { "g" }],
        )?;
        let _ = writeln!(
            fns,
            "fn {vname}(&self, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg(vbuf, &format!("&mut Vector<{n}>"), &u)
        );
        let mut outs = column_outs(jac, jac_name);
        outs.extend(vector_outs(time, "time_partial"));
        let jn: &'static str = if prefix == "gap" { "w_n" } else { "jac" };
        let (b, u) = g.body(
            &format!("{prefix}_jacobian"),
            &[Q],
            &outs,
            &[jn, "time_partial"],
        )?;
        let _ = writeln!(
            fns,
            "fn {prefix}_jacobian(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg(jac_name, &format!("&mut Matrix<{nq}, {n}>"), &u),
            arg("time_partial", &format!("&mut Vector<{n}>"), &u)
        );
        let (b, u) = g.body(
            &format!("{prefix}_drift"),
            &[Q, Qd],
            &vector_outs(drift, "drift"),
            &["drift"],
        )?;
        let _ = writeln!(
            fns,
            "fn {prefix}_drift(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("t", "f64", &u),
            arg("drift", &format!("&mut Vector<{n}>"), &u)
        );
    }
    {
        let mut outs = column_outs(&d.slip_jacobian, "w_t");
        outs.extend(vector_outs(&d.slip_time, "time_partial"));
        let (b, u) = g.body("slip_jacobian", &[Q], &outs, &["w_t", "time_partial"])?;
        let _ = writeln!(
            fns,
            "fn slip_jacobian(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg("w_t", &format!("&mut Matrix<{nq}, {nu}>"), &u),
            arg("time_partial", &format!("&mut Vector<{nu}>"), &u)
        );
        let (b, u) = g.body(
            "slip_drift",
            &[Q, Qd],
            &vector_outs(&d.slip_drift, "drift"),
            &["drift"],
        )?;
        let _ = writeln!(
            fns,
            "fn slip_drift(&self, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("t", "f64", &u),
            arg("drift", &format!("&mut Vector<{nu}>"), &u)
        );
    }
    // Contact laws.
    {
        let atoms: Vec<Atom> = d
            .contact_laws
            .iter()
            .flat_map(|l| l.iter().cloned())
            .collect();
        let k = g.kernel("contact_laws", &[], &atoms)?;
        let mut arr = String::new();
        for (c, has) in d.has_tangent.iter().enumerate() {
            let _ = write!(
                arr,
                "ContactLaw {{ normal_restitution: {}, tangential_restitution: {}, friction: {}, has_tangent: {has} }},",
                k.values[3 * c],
                k.values[3 * c + 1],
                k.values[3 * c + 2]
            );
        }
        let _ = writeln!(
            fns,
            "fn contact_laws(&self) -> [ContactLaw; {nu}] {{ {} [{arr}] }}",
            k.statements.join("\n")
        );
    }
    // Time derivatives along a trajectory.
    for (name, rates, n) in [
        ("gap_time_derivatives", &d.gap_rates, nu),
        ("bilateral_time_derivatives", &d.bilateral_rates, nb),
    ] {
        let (b, u) = g.body(
            name,
            &[Q, Qd, Qdd, Qddd, Qdddd],
            &matrix_outs(rates, "out", false),
            &["out"],
        )?;
        let _ = writeln!(
            fns,
            "fn {name}(&self, {}, {}, {}, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("qdd", &vq, &u),
            arg("qddd", &vq, &u),
            arg("qdddd", &vq, &u),
            arg("t", "f64", &u),
            arg("out", &format!("&mut Matrix<{n}, 4>"), &u)
        );
    }
    for (name, rates, n, first, second) in [
        (
            "gap_jacobian_rates",
            &d.gap_jacobian_rates,
            nu,
            "w_n_dot",
            "w_n_ddot",
        ),
        (
            "bilateral_jacobian_rates",
            &d.bilateral_jacobian_rates,
            nb,
            "jac_dot",
            "jac_ddot",
        ),
    ] {
        let firsts: Vec<Vec<Atom>> = rates.iter().map(|r| r[0].clone()).collect();
        let seconds: Vec<Vec<Atom>> = rates.iter().map(|r| r[1].clone()).collect();
        let mut outs = column_outs(&firsts, first);
        outs.extend(column_outs(&seconds, second));
        let (b, u) = g.body(name, &[Q, Qd, Qdd], &outs, &[first, second])?;
        let mm = format!("&mut Matrix<{nq}, {n}>");
        let _ = writeln!(
            fns,
            "fn {name}(&self, {}, {}, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("qdd", &vq, &u),
            arg("t", "f64", &u),
            arg(first, &mm, &u),
            arg(second, &mm, &u)
        );
    }
    {
        let mut outs = matrix_outs(&d.mass_dot, "m_dot", true);
        outs.extend(matrix_outs(&d.mass_ddot, "m_ddot", true));
        let (b, u) = g.body(
            "mass_matrix_rates",
            &[Q, Qd, Qdd],
            &outs,
            &["m_dot", "m_ddot"],
        )?;
        let mm = format!("&mut Matrix<{nq}, {nq}>");
        let _ = writeln!(
            fns,
            "fn mass_matrix_rates(&self, {}, {}, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("qdd", &vq, &u),
            arg("t", "f64", &u),
            arg("m_dot", &mm, &u),
            arg("m_ddot", &mm, &u)
        );
        let mut outs = vector_outs(&d.forces_dot, "h_dot");
        outs.extend(vector_outs(&d.forces_ddot, "h_ddot"));
        let (b, u) = g.body(
            "force_rates",
            &[Q, Qd, Qdd, Qddd],
            &outs,
            &["h_dot", "h_ddot"],
        )?;
        let vv = format!("&mut Vector<{nq}>");
        let _ = writeln!(
            fns,
            "fn force_rates(&self, {}, {}, {}, {}, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("qd", &vq, &u),
            arg("qdd", &vq, &u),
            arg("qddd", &vq, &u),
            arg("t", "f64", &u),
            arg("h_dot", &vv, &u),
            arg("h_ddot", &vv, &u)
        );
    }
    // Equilibrium analysis.
    {
        let (b, u) = g.body(
            "potential_gradient",
            &[Q],
            &vector_outs(&d.potential_gradient, "grad"),
            &["grad"],
        )?;
        let _ = writeln!(
            fns,
            "fn potential_gradient(&self, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg("grad", &format!("&mut Vector<{nq}>"), &u)
        );
        let (b, u) = g.body(
            "potential_hessian",
            &[Q],
            &matrix_outs(&d.potential_hessian, "hess", true),
            &["hess"],
        )?;
        let _ = writeln!(
            fns,
            "fn potential_hessian(&self, {}, {}, {}) {{ {b} }}",
            arg("q", &vq, &u),
            arg("t", "f64", &u),
            arg("hess", &format!("&mut Matrix<{nq}, {nq}>"), &u)
        );
        // Indexed families: one arm per member.
        let mut indexed = |name: &str,
                           index: &'static str,
                           members: Vec<Vec<Out>>,
                           buffer: &'static str,
                           ty: String|
         -> Result<(), String> {
            let mut used: Vec<&'static str> = vec![];
            let mut arms = String::new();
            for (k, outs) in members.iter().enumerate() {
                let (b, u) = g.body(&format!("{name}[{k}]"), &[Q], outs, &[buffer])?;
                used.extend(u);
                let _ = write!(arms, "{k} => {{ {b} true }}");
            }
            let body = if members.is_empty() {
                "false".to_string()
            } else {
                used.push(index);
                format!("match {index} {{ {arms} _ => false }}")
            };
            let _ = writeln!(
                fns,
                "fn {name}(&self, {}, {}, {}, {}) -> bool {{ {body} }}",
                arg("q", &vq, &used),
                arg("t", "f64", &used),
                arg(index, "usize", &used),
                arg(buffer, &ty, &used)
            );
            Ok(())
        };
        indexed(
            "potential_gradient_parameter",
            "k",
            d.potential_gradient_parameter
                .iter()
                .map(|col| vector_outs(col, "out"))
                .collect(),
            "out",
            format!("&mut Vector<{nq}>"),
        )?;
        indexed(
            "bilateral_hessian",
            "i",
            d.bilateral_hessians
                .iter()
                .map(|h| matrix_outs(h, "hess", true))
                .collect(),
            "hess",
            format!("&mut Matrix<{nq}, {nq}>"),
        )?;
        indexed(
            "gap_hessian",
            "i",
            d.gap_hessians
                .iter()
                .map(|h| matrix_outs(h, "hess", true))
                .collect(),
            "hess",
            format!("&mut Matrix<{nq}, {nq}>"),
        )?;
    }

    let struct_doc = format!(
        "Parameters of the mechanism `{name}`; the model functions are its [`Mechanism`] implementation."
    );
    let _ = write!(
        items,
        r#"
use mbruntime::{{ContactLaw, Matrix, Mechanism, ParameterError, Vector}};

/// Number of generalised coordinates.
pub const NQ: usize = {nq};
/// Number of bilateral constraints.
pub const NB: usize = {nb};
/// Number of unilateral contacts.
pub const NU: usize = {nu};
/// Fingerprint of the model this module was generated from.
pub const FINGERPRINT: &str = "{fp}";

#[doc = " {struct_doc}"]
#[derive(Debug, Clone, Copy, PartialEq)]
#[allow(non_snake_case)]
pub struct {name} {{
{fields}
}}

impl Default for {name} {{
    fn default() -> Self {{
        Self {{ {defaults} }}
    }}
}}

impl Mechanism<{nq}, {nb}, {nu}> for {name} {{
    const NAME: &'static str = "{name}";
    const FINGERPRINT: &'static str = FINGERPRINT;
    const COORDINATES: [&'static str; {nq}] = [{coords}];
    const BILATERAL: [&'static str; {nb}] = [{cons}];
    const CONTACTS: [&'static str; {nu}] = [{conts}];
    const RHEONOMIC: bool = {rheo};

    fn parameter_names(&self) -> &'static [&'static str] {{
        &[{params}]
    }}

    fn parameter(&self, k: usize) -> Option<f64> {{
        {get_body}
    }}

    fn set_parameter(&mut self, k: usize, value: f64) -> Result<(), ParameterError> {{
        {set_body}
    }}

    {fns}
}}
"#,
        rheo = d.rheonomic,
    );
    let file = syn::parse_file(&items)
        .map_err(|e| format!("generated code does not parse: {e}\n{items}"))?;
    let body = prettyplease::unparse(&file);
    let header = format!(
        "// @generated by {GENERATOR} from `mechanism! {{ struct {name}; ... }}`. Do not edit:\n\
         // change the block and run `mbcompile gen`.\n\
         {FINGERPRINT_PREFIX}{fp}\n\n"
    );
    Ok((header + body.as_str(), g.stats))
}
