//! CSV export of models with tangent planes adds the second-tangent and cone columns, and only
//! for them.
//!
//! Invariant (format of `RecordCsv`): for a model without tangent planes `RecordCsv::for_model`
//! writes byte for byte what `RecordCsv::new` writes from the same names (planar outputs are
//! unchanged); for a model with tangent planes the header gains `lambda_t2_<contact>` for each
//! contact with a plane (after the `lambda_t_…` columns) and `cone_size, cone_iterations` at the
//! end, and every row carries the record's values in those columns.

use mb_testsupport::models::{Block, PlanarAndSpatial, PlanarBlock};
use mbruntime::timestepping::{RecordCsv, Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Vector};

fn planar() -> PlanarBlock {
    PlanarBlock {
        m: 1.0,
        mu: 0.4,
        pull: 1.0,
    }
}

#[test]
fn planar_models_export_as_before() {
    let (q0, u0) = (Vector::<2>::new(0.0, -1e-9), Vector::<2>::new(0.7, 0.0));
    let mut ts = TimeStepper::new(
        planar(),
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let names = (
        PlanarBlock::COORDINATES,
        PlanarBlock::CONTACTS,
        PlanarBlock::BILATERAL,
    );
    let mut old = RecordCsv::new(Vec::new(), &names.0, &names.1, &names.2).unwrap();
    let mut new = RecordCsv::for_model::<PlanarBlock, 2, 0, 1>(Vec::new()).unwrap();
    for _ in 0..20 {
        let r = ts.step(1e-3).unwrap();
        old.write(r).unwrap();
        new.write(r).unwrap();
    }
    let (old, new) = (finish(old), finish(new));
    assert_eq!(old, new);
    assert!(old.starts_with("step,t,h,x,z,d_x,d_z,active_mask,lambda_n_floor,lambda_t_floor,"));
    assert!(old.lines().next().unwrap().ends_with(",warm_started"));
}

#[test]
fn spatial_models_export_the_second_tangent_and_the_cone_statistics() {
    let model = PlanarAndSpatial {
        planar: planar(),
        spatial: Block {
            m: 1.0,
            lateral_mass: 0.0,
            alpha: 0.0,
            mu: 0.3,
            e_n: 0.0,
            e_t: 0.0,
        },
    };
    let q0 = Vector::<5>::from([0.0, -1e-9, 0.0, 0.0, -1e-9]);
    let u0 = Vector::<5>::from([0.5, 0.0, 0.3, -0.4, 0.0]);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let mut csv = RecordCsv::for_model::<PlanarAndSpatial, 5, 0, 2>(Vec::new()).unwrap();
    let mut records = Vec::new();
    for _ in 0..5 {
        let r = *ts.step(1e-3).unwrap();
        csv.write(&r).unwrap();
        records.push(r);
    }
    let text = finish(csv);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let expected_header = "step,t,h,x_a,z_a,x_b,y_b,z_b,d_x_a,d_z_a,d_x_b,d_y_b,d_z_b,active_mask,\
         lambda_n_planar_floor,lambda_n_spatial_floor,lambda_t_planar_floor,\
         lambda_t_spatial_floor,lambda_t2_spatial_floor,constraint_residual,lcp_size,\
         lcp_pivots,warm_started,cone_size,cone_iterations";
    assert_eq!(header, expected_header.split(',').collect::<Vec<_>>());
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for (line, r) in lines.zip(&records) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), header.len());
        let value = |name: &str| cells[column(name)].parse::<f64>().unwrap();
        assert_eq!(value("lambda_t2_spatial_floor"), r.impulses.lambda_t2[1]);
        assert!(
            r.impulses.lambda_t2[1] != 0.0,
            "a sliding spatial block has a second impulse"
        );
        assert_eq!(value("cone_size"), 6.0);
        assert_eq!(value("cone_iterations"), r.impulses.cone_iterations as f64);
        assert_eq!(value("lambda_t_spatial_floor"), r.impulses.lambda_t[1]);
    }
    // `Block` alone (one contact, with a plane) through `with_tangent_planes`.
    let names = (Block::COORDINATES, Block::CONTACTS, Block::BILATERAL);
    let csv = RecordCsv::with_tangent_planes(Vec::new(), &names.0, &names.1, &names.2, &[true]);
    let header = finish(csv.unwrap());
    assert!(
        header.contains("lambda_t_plane,lambda_t2_plane,constraint_residual"),
        "{header}"
    );
}

fn finish(csv: RecordCsv<Vec<u8>>) -> String {
    String::from_utf8(csv.into_inner().unwrap()).unwrap()
}
