//! The C functions over the parameters and the contact laws: `…_force_parameter_derivative`,
//! `…_mass_action_parameter_derivative` (∂f/∂p_k), `…_parameter_enters_constraints`,
//! `…_contact_laws`, and `…_articulated_acceleration` of the structured route.

use super::emit::CEmitter;
use super::function::{Body, CFunction, CParameter};
use crate::codegen::functions::{Argument, Differentiated, FunctionSpec, Shape, Size};
use crate::codegen::input::Input;
use crate::codegen::outputs;
use crate::error::EmissionError;
use crate::symbolic::symbols::pool;
use crate::symbolic::tree::articulated::Articulated;
use symbolica::atom::Atom;

/// The name of the articulated-body function (as in the Rust module).
const ARTICULATED: &str = "articulated_acceleration";

impl CEmitter<'_> {
    /// `int name(p, state…, int k, double *out)`: one case per parameter with a derivative of
    /// its own, and one case list for all the others, which evaluates the shared directional
    /// derivative with the tangent ṗ = e_k (`dp`); 0 past the last parameter.
    pub(super) fn parameter_derivative(
        &mut self,
        spec: &FunctionSpec,
        f: Differentiated,
    ) -> Result<CFunction, EmissionError> {
        let pd = outputs::parameter_derivatives(self.d, f);
        let inputs = self.inputs(spec.arguments);
        let out = ("out", Shape::Vector(Size::Coordinates));
        let mut body = Body::default();
        body.line(1, "switch (k) {");
        for (k, d) in &pd.separate {
            body.line(1, format!("case {k}: {{"));
            let member = format!("{}[{k}]", spec.name);
            self.write(
                &mut body,
                2,
                (&member, &inputs),
                &outputs::vector(d, 0),
                &[out],
            )?;
            body.line(2, "return 1;");
            body.line(1, "}");
        }
        if !pd.seeded.is_empty() {
            let labels: Vec<String> = pd.seeded.iter().map(|k| format!("case {k}:")).collect();
            body.line(1, format!("{} {{", labels.join(" ")));
            let mut inputs = inputs.clone();
            let p = pool();
            inputs.extend(pd.seeded.iter().map(|&j| Input {
                symbol: p.dp[j],
                code: format!("dp[{j}]"),
                argument: "dp",
            }));
            let mut arm = Body::default();
            let member = format!("{}[seeded]", spec.name);
            let outs = outputs::vector(&pd.directional, 0);
            self.write(&mut arm, 2, (&member, &inputs), &outs, &[out])?;
            if arm.used.iter().any(|u| u == "dp") {
                body.line(2, format!("double dp[{}] = {{0.0}};", self.d.np));
                body.line(2, "dp[k] = 1.0;");
            }
            body.append(arm);
            body.line(2, "return 1;");
            body.line(1, "}");
        }
        body.uses("k");
        body.line(1, "default:");
        body.line(2, "return 0;");
        body.line(1, "}");
        let mut parameters = self.state_parameters(spec.arguments);
        parameters.push(CParameter::value("int", "k"));
        parameters.push(CParameter::output("out"));
        let doc = vec![
            format!(
                "{}; returns 0 (and writes nothing) past the last parameter",
                spec.doc
            ),
            self.layout(out),
        ];
        Ok(body.function(self.named(spec), doc, "int", &parameters))
    }

    /// `int name(int k)`: 1 for the parameters that enter the constraints.
    pub(super) fn parameters_in_constraints(&self, spec: &FunctionSpec) -> CFunction {
        let flags = &self.d.jacobians.parameter_in_constraints;
        let entering: Vec<String> = (0..flags.len())
            .filter(|&k| flags[k])
            .map(|k| format!("k == {k}"))
            .collect();
        let mut body = Body::default();
        if entering.is_empty() {
            body.line(1, "return 0;");
        } else {
            body.uses("k");
            body.line(1, format!("return {};", entering.join(" || ")));
        }
        let parameters = [CParameter::value("int", "k")];
        let doc = vec![spec.doc.to_string()];
        body.function(self.named(spec), doc, "int", &parameters)
    }

    /// `void name(p, <model>_contact_law *laws)`: ε_N, ε_T, μ and whether there is a tangent,
    /// per contact.
    pub(super) fn contact_laws(&mut self, spec: &FunctionSpec) -> Result<CFunction, EmissionError> {
        let atoms = outputs::contact_laws(self.d);
        let k = self.kernel(spec.name, &self.inputs(spec.arguments), &atoms)?;
        let mut body = Body::default();
        for a in &k.arguments_used {
            body.uses(a);
        }
        for s in &k.statements {
            body.line(1, s.as_str());
        }
        let fields = ["normal_restitution", "tangential_restitution", "friction"];
        for (c, has) in self.d.kinematics.has_tangent.iter().enumerate() {
            body.uses("laws");
            for (i, field) in fields.iter().enumerate() {
                body.line(1, format!("laws[{c}].{field} = {};", k.values[3 * c + i]));
            }
            body.line(1, format!("laws[{c}].has_tangent = {};", i32::from(*has)));
        }
        let mut parameters = self.state_parameters(spec.arguments);
        parameters.push(CParameter {
            declaration: format!("{} *restrict laws", self.names.contact_law()),
            name: "laws".into(),
        });
        let doc = vec![spec.doc.to_string(), format!("laws: {} entries", self.d.nu)];
        Ok(body.function(self.named(spec), doc, "void", &parameters))
    }

    /// `int …_articulated_acceleration(p, q, qd, t, double *qdd)`: writes q̈ = M⁻¹h and returns
    /// whether every pivot D_k is positive and q̈ finite.
    pub(super) fn articulated(&mut self, a: &Articulated) -> Result<CFunction, EmissionError> {
        let arguments = [Argument::Q, Argument::Qd, Argument::T];
        let inputs = self.inputs(&arguments);
        let atoms: Vec<Atom> = a.acceleration.iter().chain(&a.pivots).cloned().collect();
        let k = self.kernel(ARTICULATED, &inputs, &atoms)?;
        let mut body = Body::default();
        for u in &k.arguments_used {
            body.uses(u);
        }
        body.uses("qdd");
        for s in &k.statements {
            body.line(1, s.as_str());
        }
        let nq = self.d.nq;
        for (i, v) in k.values[..nq].iter().enumerate() {
            body.line(1, format!("qdd[{i}] = {v};"));
        }
        let mut checks = Vec::new();
        // Each distinct pivot once (a floating body's translations all pivot on its mass).
        let mut pivots: Vec<&String> = Vec::new();
        for v in &k.values[nq..] {
            if pivots.contains(&v) {
                continue;
            }
            pivots.push(v);
            // A constant pivot is a positive literal: checked here, not at run time.
            match v.parse::<f64>() {
                Ok(c) if c > 0.0 => {}
                Ok(_) => checks.push("0".to_string()),
                Err(_) => checks.push(format!("{v} > 0.0")),
            }
        }
        checks.extend((0..nq).map(|i| format!("isfinite(qdd[{i}])")));
        body.line(1, format!("return {};", checks.join(" && ")));
        let mut parameters = self.state_parameters(&arguments);
        parameters.push(CParameter::output("qdd"));
        let doc = vec![
            "q'' = M^-1 h by the articulated-body algorithm; returns whether every pivot is \
             positive and q'' finite (else factorise M)"
                .to_string(),
            format!("qdd: {nq} entries"),
        ];
        let names = (self.names.function(ARTICULATED), ARTICULATED);
        Ok(body.function(names, doc, "int", &parameters))
    }
}
