//! The Jacobians section of a report (`mbcompile print --jacobians`): the non-zero entries of
//! ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p, ∂(M a)/∂p and of the drift Jacobians, and the
//! parameters that enter the constraints.

use super::super::derive::Derived;
use super::super::symbols::pool;
use super::report::{Builder, Side};
use symbolica::atom::{Atom, Symbol};

/// How a derivative is labelled: text `dh[x]/dy`, LaTeX `\frac{\partial h_{x}}{\partial y}`.
struct Label<'a> {
    text: &'a str,
    tex: &'a str,
}

impl Builder<'_> {
    /// `∂f_row/∂wrt` in text and LaTeX.
    fn partial(&self, f: &Label, row: &str, wrt: &Side) -> Side {
        Side {
            text: format!("d{}[{row}]/d{}", f.text, wrt.text),
            latex: format!(
                "\\frac{{\\partial {}_{{{row}}}}}{{\\partial {}}}",
                f.tex, wrt.latex
            ),
        }
    }

    /// The text and LaTeX names of a symbol.
    fn name(&self, s: Symbol) -> Side {
        self.side(&Atom::var(s))
    }

    /// The names of coordinate j or of its velocity; a velocity's text name is parenthesised
    /// (`dh[x]/d(dot(y))`).
    fn variable(&self, j: usize, velocity: bool) -> Side {
        let p = pool();
        if velocity {
            let Side { text, latex } = self.name(p.qd[j]);
            Side {
                text: format!("({text})"),
                latex,
            }
        } else {
            self.name(p.q[j])
        }
    }

    /// The non-zero entries of a matrix stored by rows, rows named by `rows`.
    fn jacobian(&mut self, f: &Label, rows: &[String], m: &[Vec<Atom>], velocity: bool) {
        for (row, entries) in rows.iter().zip(m) {
            for (j, a) in entries.iter().enumerate() {
                if !a.is_zero() {
                    let label = self.partial(f, row, &self.variable(j, velocity));
                    self.entry(label, a);
                }
            }
        }
    }

    /// The non-zero entries of a vector of derivatives with respect to one variable.
    fn derivatives(&mut self, f: &Label, rows: &[String], v: &[Atom], wrt: &Side) {
        for (row, a) in rows.iter().zip(v) {
            if !a.is_zero() {
                let label = self.partial(f, row, wrt);
                self.entry(label, a);
            }
        }
    }

    /// The whole section.
    pub(super) fn jacobians(&mut self, d: &Derived) {
        let j = &d.jacobians;
        let coordinates: Vec<String> = (0..d.nq).map(|i| self.coordinate(i).to_string()).collect();
        let h = Label {
            text: "h",
            tex: "h",
        };
        let ma = Label {
            text: "(M a)",
            tex: "(M a)",
        };
        self.section("Jacobians of the forces: dh/dq, dh/dq̇, dh/dt");
        self.jacobian(&h, &coordinates, &j.forces_q, false);
        self.jacobian(&h, &coordinates, &j.forces_qd, true);
        let t = self.name(pool().t);
        self.derivatives(&h, &coordinates, &j.forces_t, &t);
        self.section("Jacobian of the mass action M a: d(M a)/dq");
        self.jacobian(&ma, &coordinates, &j.mass_action_q, false);
        self.section("Parameter derivatives: dh/dp, d(M a)/dp");
        for k in 0..self.model.parameters.len() {
            let p = self.name(pool().p[k]);
            for (f, derivatives) in [(&h, &j.forces_parameter), (&ma, &j.mass_action_parameter)] {
                let member = derivatives.member(k).unwrap_or_default();
                self.derivatives(f, &coordinates, &member, &p);
            }
        }
        self.parameters_in_constraints(d);
        // The rows of the bilateral drifts are the derived constraints: those written in the
        // block and those a `rolling` item lowers to.
        let bilateral = &d.constraint_names;
        let contacts: Vec<String> = (self.model.contacts.iter())
            .map(|c| c.name.text.clone())
            .collect();
        if d.nb > 0 {
            self.section("Jacobians of the bilateral drifts d_B = Ġᵀq̇ + d/dt ĝ");
            let f = Label {
                text: "d_B",
                tex: "d^{B}",
            };
            self.jacobian(&f, bilateral, &j.bilateral_drift[0], false);
            self.jacobian(&f, bilateral, &j.bilateral_drift[1], true);
        }
        if d.nu > 0 {
            self.section("Jacobians of the gap drifts d_N = Ẇ_Nᵀq̇ + d/dt ŵ_N");
            let f = Label {
                text: "d_N",
                tex: "d^{N}",
            };
            self.jacobian(&f, &contacts, &j.gap_drift[0], false);
            self.jacobian(&f, &contacts, &j.gap_drift[1], true);
        }
    }

    /// A line naming the parameters that enter g, g_N, W_T or ŵ_T.
    fn parameters_in_constraints(&mut self, d: &Derived) {
        let names: Vec<&str> = (self.model.parameters.iter())
            .zip(&d.jacobians.parameter_in_constraints)
            .filter(|(_, enters)| **enters)
            .map(|(p, _)| p.name.text.as_str())
            .collect();
        let list = if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        };
        self.note(format!(
            "parameters in the constraints (g, g_N, W_T, ŵ_T): {list}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Sections, report_sections};
    use crate::dsl::source::find_models;
    use crate::pipeline::derive_model;

    /// The pendulum T = ½ m l² θ̇², V = −m g l cos θ, Q = −c θ̇: h = −m g l sin θ − c θ̇, so
    /// ∂h/∂θ = −m g l cos θ, ∂h/∂θ̇ = −c, ∂(M a)/∂m = l² a, ∂(M a)/∂l = 2 m l a, ∂h/∂c = −θ̇
    /// (derived by hand); M does not depend on θ, and there are no constraints.
    #[test]
    fn the_pendulum_section_shows_its_closed_forms() {
        let block = "mechanism! {
            struct Pendulum;
            parameters { m: 1.0, l: 1.0, g: 9.81, c: 0.1 }
            coordinates { theta }
            kinetic = 0.5 * m * l.powi(2) * dot(theta).powi(2);
            potential = -m * g * l * cos(theta);
            forces { theta: -c * dot(theta) }
        }";
        let model = find_models(block).unwrap().remove(0);
        let d = derive_model(&model, &mut |_| {}).unwrap();
        let text = report_sections(&model, &d, Format::Text, Sections { jacobians: true });
        for line in [
            "dh[theta]/dtheta = -m*l*g*cos(theta)",
            "dh[theta]/d(dot(theta)) = -c",
            "d(M a)[theta]/dm = l^2*a[theta]",
            "d(M a)[theta]/dl = 2*m*l*a[theta]",
            "dh[theta]/dc = -dot(theta)",
            "parameters in the constraints (g, g_N, W_T, ŵ_T): none",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "missing `{line}` in\n{text}"
            );
        }
        assert!(
            !text.contains("d(M a)[theta]/dtheta"),
            "M is constant:\n{text}"
        );
        let plain = report_sections(&model, &d, Format::Text, Sections::default());
        assert!(!plain.contains("Jacobians of the forces"));
    }

    /// A rolling ball: its constraints come from a `rolling` item, not from `constraint`
    /// items. Each non-zero entry of the bilateral drift Jacobians is one `dd_B[name]/…` line,
    /// the rows named by the derived constraints.
    #[test]
    fn rolling_constraints_name_the_drift_rows() {
        let block = "mechanism! {
            struct Ball;
            parameters { m: 1.0, r: 0.05 }
            coordinates { x, y, a, b, c }
            body ball {
                mass: m,
                position: (x, y, r),
                rotation: [rotz(a), roty(b), rotx(c)],
                inertia: (0.4 * m * r.powi(2), 0.4 * m * r.powi(2), 0.4 * m * r.powi(2)),
            }
            rolling floor { body: ball, radius: r, normal: (0.0, 0.0, 1.0) }
        }";
        let model = find_models(block).unwrap().remove(0);
        let d = derive_model(&model, &mut |_| {}).unwrap();
        assert!(model.constraints.is_empty() && d.nb > 0);
        let text = report_sections(&model, &d, Format::Text, Sections { jacobians: true });
        let rows: Vec<&str> = (text.lines())
            .filter_map(|l| l.strip_prefix("dd_B["))
            .map(|l| &l[..l.find(']').unwrap()])
            .collect();
        let nonzero = (d.jacobians.bilateral_drift.iter())
            .flat_map(|m| m.iter().flatten())
            .filter(|a| !a.is_zero())
            .count();
        assert!(nonzero > 0);
        assert_eq!(rows.len(), nonzero, "{text}");
        assert!(
            rows.iter()
                .all(|r| d.constraint_names.iter().any(|n| n == r))
        );
    }
}
