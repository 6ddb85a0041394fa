//! CSV export of step records (for example programs and post-processing; allocates).

use super::record::StepRecord;
use std::io::Write;

/// Writes one CSV row per [`StepRecord`]: `step, t, h, <q names>, <u names as d_…>,
/// active_mask, lambda_n_<contact>…, lambda_t_<contact>…, lambda_b_<constraint>…,
/// constraint_residual, lcp_size, lcp_pivots, warm_started` (`warm_started` is 0 or 1).
pub struct RecordCsv<W: Write> {
    writer: csv::Writer<W>,
    row: Vec<String>,
}

impl<W: Write> RecordCsv<W> {
    /// Writes the header from the model's coordinate, contact and constraint names.
    pub fn new(
        sink: W,
        coordinates: &[&str],
        contacts: &[&str],
        bilateral: &[&str],
    ) -> csv::Result<Self> {
        let mut writer = csv::Writer::from_writer(sink);
        let mut header: Vec<String> = vec!["step".into(), "t".into(), "h".into()];
        header.extend(coordinates.iter().map(|c| c.to_string()));
        header.extend(coordinates.iter().map(|c| format!("d_{c}")));
        header.push("active_mask".into());
        header.extend(contacts.iter().map(|c| format!("lambda_n_{c}")));
        header.extend(contacts.iter().map(|c| format!("lambda_t_{c}")));
        header.extend(bilateral.iter().map(|c| format!("lambda_b_{c}")));
        header.extend(
            [
                "constraint_residual",
                "lcp_size",
                "lcp_pivots",
                "warm_started",
            ]
            .map(String::from),
        );
        writer.write_record(&header)?;
        Ok(Self {
            writer,
            row: Vec::with_capacity(header.len()),
        })
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
            .lambda_n
            .iter()
            .chain(rec.lambda_t.iter())
            .chain(rec.lambda_b.iter());
        self.row.extend(impulses.map(|x| format!("{x:e}")));
        self.row.push(format!("{:e}", rec.constraint_residual));
        self.row.push(rec.lcp_size.to_string());
        self.row.push(rec.lcp_pivots.to_string());
        self.row.push(u8::from(rec.warm_started).to_string());
        self.writer.write_record(&self.row)
    }

    /// Flushes the underlying writer.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}
