//! The helpers of shared intermediates in C (see [`crate::codegen::shared`]): for each group of
//! the plan that some function reads, a struct of its values and a `static` function computing
//! them, which the functions call (`const Shared3 s3 = shared3(p, q, s1);`) instead of
//! computing the intermediates themselves — the C counterpart of the Rust module's helpers.
//! The groups a helper reads are passed by value: the struct is read as `s1.v0` both in the
//! caller and in the helper, and an optimising compiler inlines the copies away.

use super::emit::CEmitter;
use super::function::{Body, CFunction, CParameter};
use crate::codegen::intermediates::helper_body;
use crate::codegen::language::Language;
use crate::codegen::shared::{Group, Plan};
use crate::error::EmissionError;
use serde::Serialize;

/// One helper as the templates see it: the struct of its values and the function.
#[derive(Debug, Clone, Serialize)]
pub struct CShared {
    /// `typedef struct { double v0, v1, …; } Shared3;`, the fields a few to a line.
    pub typedef: String,
    /// The `static` function computing the values.
    pub function: CFunction,
}

/// Members declared per line of a helper's struct.
const FIELDS_PER_LINE: usize = 12;

/// `typedef struct { double v0, …; } Shared3;` of a group, with a comment saying what its
/// values depend on.
fn typedef(group: &Group) -> String {
    let fields: Vec<String> = (0..group.members.len()).map(|k| group.field(k)).collect();
    let lines: Vec<String> = fields
        .chunks(FIELDS_PER_LINE)
        .map(|chunk| format!("    double {};", chunk.join(", ")))
        .collect();
    format!(
        "/* The intermediates of `{}` ({}). */\ntypedef struct {{\n{}\n}} {};",
        group.helper(),
        group.depends_on(),
        lines.join("\n"),
        group.type_name()
    )
}

impl CEmitter<'_> {
    /// The helper of every group `used` marks, in plan order (each after the groups it reads).
    pub(super) fn shared_helpers(
        &self,
        plan: &Plan,
        used: &[bool],
    ) -> Result<Vec<CShared>, EmissionError> {
        let mut helpers = Vec::new();
        for (g, group) in plan.groups.iter().enumerate().filter(|(g, _)| used[*g]) {
            let name = group.helper();
            let inputs = self.inputs(&group.arguments);
            let computed =
                helper_body(&self.d.program, plan, g, &inputs, Language::C).map_err(|source| {
                    EmissionError::Kernel {
                        function: name.clone(),
                        source,
                    }
                })?;
            let (ty, local) = (group.type_name(), group.local());
            let mut body = Body::default();
            for a in &computed.arguments_used {
                body.uses(a);
            }
            body.line(1, format!("{ty} {local};"));
            for s in &computed.statements {
                body.line(1, s.as_str());
            }
            body.line(1, format!("return {local};"));
            let mut parameters = self.state_parameters(&group.arguments);
            for &r in &group.reads {
                let read = &plan.groups[r];
                parameters.push(CParameter::value(
                    &format!("const {}", read.type_name()),
                    &read.local(),
                ));
                body.uses(&read.local());
            }
            let doc = vec![format!("The intermediates of `{name}`.")];
            helpers.push(CShared {
                typedef: typedef(group),
                function: body.function((name, ""), doc, &format!("static {ty}"), &parameters),
            });
        }
        Ok(helpers)
    }
}
