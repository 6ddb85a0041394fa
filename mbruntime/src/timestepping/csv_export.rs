//! CSV export of step records (for example programs and post-processing; allocates).

use super::record::StepRecord;
use crate::mechanism::Constraints;
use std::io::Write;

/// Writes one CSV row per [`StepRecord`]: `step, t, h, <q names>, <u names as d_…>,
/// active_mask, lambda_n_<contact>…, lambda_t_<contact>…, lambda_b_<constraint>…,
/// constraint_residual, lcp_size, lcp_pivots, warm_started` (`warm_started` is 0 or 1).
///
/// For a model with tangent planes ([`with_tangent_planes`](Self::with_tangent_planes),
/// [`for_model`](Self::for_model)) the row also has `lambda_t2_<contact>` for each contact
/// with a tangent plane, after the `lambda_t_…` columns, and `cone_size, cone_iterations` at the
/// end; without any tangent plane the output is that of [`new`](Self::new).
///
/// `constraint_residual` is ‖g(q^E)‖_∞ over the holonomic constraints: a velocity
/// (nonholonomic) constraint has no position value. For a model with velocity constraints
/// [`for_model`](Self::for_model) adds the column `velocity_constraint_residual` (the largest
/// |A u^E + a| at the end state, see
/// [`StepRecord::velocity_constraint_residual`](super::StepRecord::velocity_constraint_residual))
/// right after `constraint_residual`; without velocity constraints the output is unchanged.
pub struct RecordCsv<W: Write> {
    writer: csv::Writer<W>,
    row: Vec<String>,
    /// Which contacts have a tangent plane; empty if none has.
    planes: Vec<bool>,
    /// Whether the `velocity_constraint_residual` column is written.
    velocity_constraints: bool,
}

impl<W: Write> RecordCsv<W> {
    /// Writes the header from the model's coordinate, contact and constraint names.
    pub fn new(
        sink: W,
        coordinates: &[&str],
        contacts: &[&str],
        bilateral: &[&str],
    ) -> csv::Result<Self> {
        Self::with_tangent_planes(sink, coordinates, contacts, bilateral, &[])
    }

    /// As [`new`](Self::new), with `tangent_planes[i]` telling whether contact i has a tangent
    /// plane (missing entries count as `false`); if one has, the second-tangent and cone
    /// columns are added (see the [type docs](Self)).
    pub fn with_tangent_planes(
        sink: W,
        coordinates: &[&str],
        contacts: &[&str],
        bilateral: &[&str],
        tangent_planes: &[bool],
    ) -> csv::Result<Self> {
        Self::with_columns(
            sink,
            coordinates,
            contacts,
            bilateral,
            tangent_planes,
            false,
        )
    }

    /// The header, with `velocity_constraints` telling whether the velocity-constraint residual
    /// column is written.
    fn with_columns(
        sink: W,
        coordinates: &[&str],
        contacts: &[&str],
        bilateral: &[&str],
        tangent_planes: &[bool],
        velocity_constraints: bool,
    ) -> csv::Result<Self> {
        let planes: Vec<bool> = if tangent_planes.contains(&true) {
            (0..contacts.len())
                .map(|i| tangent_planes.get(i).copied().unwrap_or(false))
                .collect()
        } else {
            Vec::new()
        };
        let mut writer = csv::Writer::from_writer(sink);
        let mut header: Vec<String> = vec!["step".into(), "t".into(), "h".into()];
        header.extend(coordinates.iter().map(|c| c.to_string()));
        header.extend(coordinates.iter().map(|c| format!("d_{c}")));
        header.push("active_mask".into());
        header.extend(contacts.iter().map(|c| format!("lambda_n_{c}")));
        header.extend(contacts.iter().map(|c| format!("lambda_t_{c}")));
        let with_plane = contacts.iter().zip(&planes).filter(|(_, p)| **p);
        header.extend(with_plane.map(|(c, _)| format!("lambda_t2_{c}")));
        header.extend(bilateral.iter().map(|c| format!("lambda_b_{c}")));
        header.push("constraint_residual".into());
        if velocity_constraints {
            header.push("velocity_constraint_residual".into());
        }
        header.extend(["lcp_size", "lcp_pivots", "warm_started"].map(String::from));
        if !planes.is_empty() {
            header.extend(["cone_size", "cone_iterations"].map(String::from));
        }
        writer.write_record(&header)?;
        Ok(Self {
            writer,
            row: Vec::with_capacity(header.len()),
            planes,
            velocity_constraints,
        })
    }

    /// The header of `Model` (its coordinate, contact and constraint names, tangent planes and
    /// velocity constraints).
    pub fn for_model<Model, const NQ: usize, const NB: usize, const NU: usize>(
        sink: W,
    ) -> csv::Result<Self>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        Self::with_columns(
            sink,
            &Model::COORDINATES,
            &Model::CONTACTS,
            &Model::BILATERAL,
            &Model::TANGENT_PLANES,
            Model::HOLONOMIC.contains(&false),
        )
    }

    /// Appends one record.
    pub fn write<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        rec: &StepRecord<NQ, NB, NU>,
    ) -> csv::Result<()> {
        self.row.clear();
        self.row.push(rec.step.to_string());
        self.row.push(format!("{:e}", rec.t));
        self.row.push(format!("{:e}", rec.h));
        let reals = rec.q.iter().chain(rec.u.iter());
        self.row.extend(reals.map(|x| format!("{x:e}")));
        self.row.push(rec.active_mask().to_string());
        let impulses = rec
            .impulses
            .lambda_n
            .iter()
            .chain(rec.impulses.lambda_t.iter());
        self.row.extend(impulses.map(|x| format!("{x:e}")));
        let second = rec
            .impulses
            .lambda_t2
            .iter()
            .zip(&self.planes)
            .filter(|(_, p)| **p);
        self.row.extend(second.map(|(x, _)| format!("{x:e}")));
        self.row
            .extend(rec.impulses.lambda_b.iter().map(|x| format!("{x:e}")));
        self.row.push(format!("{:e}", rec.constraint_residual));
        if self.velocity_constraints {
            self.row
                .push(format!("{:e}", rec.velocity_constraint_residual));
        }
        self.row.push(rec.impulses.lcp_size.to_string());
        self.row.push(rec.impulses.lcp_pivots.to_string());
        self.row
            .push(u8::from(rec.impulses.warm_started).to_string());
        if !self.planes.is_empty() {
            self.row.push(rec.impulses.cone_size.to_string());
            self.row.push(rec.impulses.cone_iterations.to_string());
        }
        self.writer.write_record(&self.row)
    }

    /// Flushes the underlying writer.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }

    /// Flushes and returns the sink.
    pub fn into_inner(self) -> std::io::Result<W> {
        self.writer.into_inner().map_err(|e| e.into_error())
    }
}
