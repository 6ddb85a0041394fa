//! The generated Jacobians allocate nothing (working agreement: no heap allocation on per-step
//! paths; the Moreau–Jean θ-method and the linearisation call them every step or point). A
//! counting global allocator records every allocation of the thread while every `Jacobians`
//! method runs, including past the last parameter and for parameters with a derivative of their
//! own (`FourBar`) or sharing the directional one (`Chain3`), on models with bilateral
//! constraints (`FourBar`, `CartPendulumWall`) and contacts (`Woodpecker`, `CartPendulumWall`).

use mb_examples::chain3::Chain3;
use mb_examples::event_models::cart_pendulum_wall::CartPendulumWall;
use mb_examples::kinematic_models::four_bar::FourBar;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{CountingAllocator, allocations_during};
use mbruntime::{Matrix, Mechanism, Vector};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Every `Jacobians` method of `model` at one state, for every parameter and one past the last;
/// returns the allocations made.
fn allocations<M, const NQ: usize, const NB: usize, const NU: usize>(model: &M) -> usize
where
    M: Mechanism<NQ, NB, NU>,
{
    let q = Vector::<NQ>::from_fn(|i, _| 0.3 + 0.1 * i as f64);
    let qd = Vector::<NQ>::from_fn(|i, _| 0.5 - 0.2 * i as f64);
    let a = Vector::<NQ>::from_fn(|i, _| 1.0 + i as f64);
    let np = model.parameter_names().len();
    let (mut m1, mut m2) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
    let (mut b1, mut b2) = (Matrix::<NB, NQ>::zeros(), Matrix::<NB, NQ>::zeros());
    let (mut u1, mut u2) = (Matrix::<NU, NQ>::zeros(), Matrix::<NU, NQ>::zeros());
    let mut v = Vector::<NQ>::zeros();
    let (count, known) = allocations_during(|| {
        model.force_jacobians(&q, &qd, 0.2, &mut m1, &mut m2);
        model.force_time_partial(&q, &qd, 0.2, &mut v);
        model.mass_action_jacobian(&q, 0.2, &a, &mut m1);
        let mut known = 0;
        for k in 0..=np {
            known += usize::from(model.force_parameter_derivative(&q, &qd, 0.2, k, &mut v));
            known += usize::from(model.mass_action_parameter_derivative(&q, 0.2, &a, k, &mut v));
            known += usize::from(model.parameter_enters_constraints(k));
        }
        model.bilateral_drift_jacobians(&q, &qd, 0.2, &mut b1, &mut b2);
        model.gap_drift_jacobians(&q, &qd, 0.2, &mut u1, &mut u2);
        // The outputs are used, so that no call can be optimised away.
        std::hint::black_box((&m1, &m2, &b1, &b2, &u1, &u2, &v));
        known
    });
    assert!(
        known >= 2 * np,
        "{}: every parameter has derivatives",
        M::NAME
    );
    count
}

#[test]
fn jacobians_do_not_allocate() {
    assert_eq!(allocations(&Chain3::default()), 0, "Chain3");
    assert_eq!(allocations(&FourBar::default()), 0, "FourBar");
    assert_eq!(
        allocations(&CartPendulumWall::default()),
        0,
        "CartPendulumWall"
    );
    assert_eq!(allocations(&Woodpecker::default()), 0, "Woodpecker");
}
