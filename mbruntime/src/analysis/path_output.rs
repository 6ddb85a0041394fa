//! Output of an equilibrium path: CSV and plot-ready branches.

use super::equilibrium_path::{ContactState, EquilibriumPath};

impl<const NQ: usize, const NB: usize, const NU: usize> EquilibriumPath<NQ, NB, NU> {
    /// Writes one CSV row per point: `arc_length, p, <coordinates>, lambda_b<i>…, lambda_n<j>…,
    /// state<j>…, unstable_directions, stable, special`. `coordinates` names the columns of q
    /// (e.g. `Dynamics::COORDINATES`).
    pub fn write_csv<W: std::io::Write>(
        &self,
        writer: W,
        coordinates: &[&str; NQ],
    ) -> Result<(), csv::Error> {
        let mut w = csv::Writer::from_writer(writer);
        let mut header: Vec<String> = vec!["arc_length".into(), "p".into()];
        header.extend(coordinates.iter().map(|c| c.to_string()));
        header.extend((0..NB).map(|i| format!("lambda_b{i}")));
        header.extend((0..NU).map(|j| format!("lambda_n{j}")));
        header.extend((0..NU).map(|j| format!("state{j}")));
        header.extend([
            "unstable_directions".into(),
            "stable".into(),
            "special".into(),
        ]);
        w.write_record(&header)?;
        for pt in &self.points {
            let mut row: Vec<String> = vec![format!("{:e}", pt.arc_length), format!("{:e}", pt.p)];
            row.extend(pt.q.iter().map(|x| format!("{x:e}")));
            row.extend(pt.bilateral_multipliers.iter().map(|x| format!("{x:e}")));
            row.extend(pt.contact_multipliers.iter().map(|x| format!("{x:e}")));
            row.extend(pt.states.iter().map(|s| {
                match s {
                    ContactState::Inactive => "inactive",
                    ContactState::WeaklyActive => "weakly_active",
                    ContactState::StronglyActive => "strongly_active",
                }
                .to_string()
            }));
            row.push(pt.unstable_directions.to_string());
            row.push(pt.stable().to_string());
            row.push(pt.special.map(|k| k.to_string()).unwrap_or_default());
            w.write_record(&row)?;
        }
        w.flush()?;
        Ok(())
    }

    /// Splits the path into maximal runs of equal stability, as (stable?, [(q_c, p)]) with
    /// `coordinate` = c; neighbouring runs share their boundary point so the curve is continuous.
    /// Special points themselves take the stability of the run they close.
    pub fn stability_segments(&self, coordinate: usize) -> Vec<(bool, Vec<(f64, f64)>)> {
        let mut out: Vec<(bool, Vec<(f64, f64)>)> = Vec::new();
        for pt in &self.points {
            let xy = (pt.q[coordinate.min(NQ.saturating_sub(1))], pt.p);
            let stable = pt.unstable_directions == 0;
            match out.last_mut() {
                Some((s, pts)) if *s == stable || pt.special.is_some() => pts.push(xy),
                Some((_, pts)) => {
                    let last = *pts.last().expect("runs are never empty");
                    out.push((stable, vec![last, xy]));
                }
                None => out.push((stable, vec![xy])),
            }
        }
        out
    }
}
