//! The example models, as lists of checks: tests that must cover every `mechanism!` block of the
//! examples call `every_example!` (models with every capability), `every_dynamics_only_example!`
//! (`Dynamics` and `Constraints` only), `every_rateless_example!` (no `Rates`) and
//! `every_rates_only_example!` (no `Statics` nor `Jacobians`), and check with
//! [`assert_every_block_listed`] that the lists are complete.

/// `every_example!(check, seed)` is the list of `check(&model, seed + k)` calls, one per model
/// (the damped pendulum so that Q = −c θ̇ enters ∂h/∂θ̇ and ∂h/∂c), for the tests that must cover
/// every model; the others are in `every_dynamics_only_example!`. `assert_every_block_listed`
/// checks that the two lists together are complete.
macro_rules! every_example {
    ($check:ident, $seed:expr) => {{
        use mb_examples::analysis_models::{
            bar_spring_stop::BarSpringStop, bar_spring_stop_cartesian::BarSpringStopCartesian,
            block_three_contacts::BlockThreeContacts, euler_strut::EulerStrut,
            fold_at_stop::FoldAtStop, painleve_rod::PainleveRod,
            two_stop_end_point::TwoStopEndPoint, von_mises_truss_stop::VonMisesTrussStop,
        };
        use mb_examples::event_models::{
            ball_on_string::BallOnString, block_four_supports::BlockFourSupports,
            block_lift::BlockLift, cart_pendulum_wall::CartPendulumWall,
            cart_string_wall::CartStringWall, curved_lift::CurvedLift, hinged_bar::HingedBar,
            pendulum_rod_and_string::PendulumRodAndString, polynomial_lift::PolynomialLift,
            quadratic_force::QuadraticForce, ramp_force::RampForce, rod_line::RodLine,
        };
        use mb_examples::friction_event_models::{
            pushed_box::PushedBox, ramp_block::RampBlock, spinning_ball::SpinningBall,
            spring_dragged_block::SpringDraggedBlock,
        };
        use mb_examples::friction3d_models::{
            floating_ball::FloatingBall, incline_block::InclineBlock, line_and_plane::LineAndPlane,
            painleve_rod3d::PainleveRod3d, pushed_block::PushedBlock, rolling_ball::RollingBall,
            sliding_block::SlidingBlock,
        };
        use mb_examples::iftomm_four_bar::{
            four_bar_chain2::FourBarChain2, four_bar_chain4::FourBarChain4,
        };
        use mb_examples::iftomm_models::{
            andrews_a03::AndrewsA03, bricard_a04::BricardA04, flyball_a05::FlyballA05,
            pendulum_a01::PendulumA01,
        };
        use mb_examples::kinematic_models::{
            body_chain3::BodyChain3, four_bar::FourBar, heavy_top::HeavyTop,
            point_ball_string::PointBallString, woodpecker_bodies::WoodpeckerBodies,
        };
        use mb_examples::linearisation_models::{cardan_top::CardanTop, cart_pole::CartPole};
        use mb_examples::rattleback::rattleback::Rattleback;
        use mb_examples::rheonomic_models::telescopic_double_pendulum::TelescopicDoublePendulum;
        use mb_examples::rolling_models::{
            chaplygin_sleigh::ChaplyginSleigh, holonomic_pendulum::HolonomicPendulum,
            rolling_coin::RollingCoin, turntable_ball::TurntableBall,
            velocity_pendulum::VelocityPendulum,
        };
        use mb_examples::timestepping_models::stiff_spring_stop::StiffSpringStop;
        use mb_examples::tree_models::{
            arm3::Arm3, iiwa::Iiwa, tree_mix::TreeMix, tree_mix_expanded::TreeMixExpanded,
        };
        use mb_examples::{
            bouncing_ball::BouncingBall, chain3::Chain3, double_pendulum::DoublePendulum,
            pendulum::Pendulum, rod_wall::RodWall, slider_crank::SliderCrank,
            woodpecker::Woodpecker,
        };
        let examples: [fn(); 63] = [
            // Non-zero damping so that Q = −c θ̇ enters ∂h/∂θ̇ and ∂h/∂c.
            || {
                let damped = Pendulum {
                    c: 0.3,
                    ..Default::default()
                };
                $check(&damped, $seed + 1)
            },
            || $check(&DoublePendulum::default(), $seed + 2),
            || $check(&Chain3::default(), $seed + 3),
            || $check(&Woodpecker::default(), $seed + 4),
            || $check(&SliderCrank::default(), $seed + 5),
            || $check(&RodWall::default(), $seed + 6),
            || $check(&BouncingBall::default(), $seed + 7),
            || $check(&BlockThreeContacts::default(), $seed + 8),
            || $check(&PainleveRod::default(), $seed + 9),
            || $check(&BarSpringStop::default(), $seed + 10),
            || $check(&BarSpringStopCartesian::default(), $seed + 11),
            || $check(&VonMisesTrussStop::default(), $seed + 12),
            || $check(&EulerStrut::default(), $seed + 13),
            || $check(&TwoStopEndPoint::default(), $seed + 14),
            || $check(&FoldAtStop::default(), $seed + 15),
            || $check(&HingedBar::default(), $seed + 16),
            || $check(&RodLine::default(), $seed + 17),
            || $check(&RampForce::default(), $seed + 18),
            || $check(&BallOnString::default(), $seed + 19),
            || $check(&BlockLift::default(), $seed + 20),
            || $check(&QuadraticForce::default(), $seed + 21),
            || $check(&CartPendulumWall::default(), $seed + 22),
            || $check(&CartStringWall::default(), $seed + 23),
            || $check(&PendulumRodAndString::default(), $seed + 24),
            || $check(&BodyChain3::default(), $seed + 25),
            || $check(&HeavyTop::default(), $seed + 26),
            || $check(&FourBar::default(), $seed + 27),
            || $check(&WoodpeckerBodies::default(), $seed + 28),
            || $check(&PointBallString::default(), $seed + 29),
            || $check(&TelescopicDoublePendulum::default(), $seed + 30),
            || $check(&StiffSpringStop::default(), $seed + 31),
            || $check(&CartPole::default(), $seed + 32),
            || $check(&CardanTop::default(), $seed + 33),
            || $check(&Iiwa::default(), $seed + 34),
            || $check(&TreeMix::default(), $seed + 35),
            || $check(&TreeMixExpanded::default(), $seed + 36),
            || $check(&Arm3::default(), $seed + 37),
            || $check(&InclineBlock::default(), $seed + 38),
            || $check(&SlidingBlock::default(), $seed + 39),
            || $check(&RollingBall::default(), $seed + 40),
            || $check(&Rattleback::default(), $seed + 41),
            || $check(&RampBlock::default(), $seed + 42),
            || $check(&SpringDraggedBlock::default(), $seed + 43),
            || $check(&SpinningBall::default(), $seed + 44),
            || $check(&PushedBox::default(), $seed + 45),
            || $check(&HolonomicPendulum::default(), $seed + 46),
            || $check(&VelocityPendulum::default(), $seed + 47),
            || $check(&ChaplyginSleigh::default(), $seed + 48),
            || $check(&RollingCoin::default(), $seed + 49),
            || {
                let spinning_up = TurntableBall {
                    alpha: 0.7,
                    ..Default::default()
                };
                $check(&spinning_up, $seed + 50)
            },
            || $check(&FourBarChain2::default(), $seed + 51),
            || $check(&FourBarChain4::default(), $seed + 52),
            || $check(&PendulumA01::default(), $seed + 53),
            || $check(&AndrewsA03::default(), $seed + 54),
            || $check(&FlyballA05::default(), $seed + 55),
            // Every coefficient non-zero so that each power of τ is exercised (μ > 0 for W_T).
            || {
                let lift = PolynomialLift {
                    mu: 0.3,
                    t0: 0.2,
                    c1: 0.5,
                    c2: -0.4,
                    c3: 0.3,
                    c4: -0.2,
                    c5: 0.1,
                    c6: 0.05,
                    ..Default::default()
                };
                $check(&lift, $seed + 56)
            },
            || {
                let lift = CurvedLift {
                    t0: 0.2,
                    c1: 0.5,
                    c3: 0.3,
                    c6: 0.05,
                    ..Default::default()
                };
                $check(&lift, $seed + 57)
            },
            || $check(&BlockFourSupports::default(), $seed + 58),
            || $check(&BricardA04::default(), $seed + 59),
            || $check(&PushedBlock::default(), $seed + 60),
            || $check(&PainleveRod3d::default(), $seed + 61),
            || $check(&LineAndPlane::default(), $seed + 62),
            || $check(&FloatingBall::default(), $seed + 63),
        ];
        examples
    }};
}

/// The `mechanism!` blocks of the examples generated with `Dynamics` and `Constraints` only
/// (`generate { capabilities: [] }`), as `every_example!` for the checks that need no more.
macro_rules! every_dynamics_only_example {
    ($check:ident, $seed:expr) => {{
        use mb_examples::tree_models::{
            arm7::Arm7, arm7_bodies::Arm7Bodies, quadruped::Quadruped, universal_rod::UniversalRod,
        };
        use mb_examples::ur5::ur5::Ur5;
        let examples: [fn(); 5] = [
            || $check(&Arm7::default(), $seed + 1),
            || $check(&Quadruped::default(), $seed + 2),
            || $check(&Arm7Bodies::default(), $seed + 3),
            || $check(&Ur5::default(), $seed + 4),
            || $check(&UniversalRod::default(), $seed + 5),
        ];
        examples
    }};
}

/// How many blocks `every_dynamics_only_example!` lists.
pub const DYNAMICS_ONLY_EXAMPLES: usize = 5;

/// The `mechanism!` blocks of the examples generated without `Rates` but with `Jacobians`
/// (`generate { capabilities: [statics, jacobians] }`), for the checks that need no rates.
macro_rules! every_rateless_example {
    ($check:ident, $seed:expr) => {{
        use mb_examples::bicycle::bicycle::Bicycle;
        let examples: [fn(); 1] = [|| $check(&Bicycle::default(), $seed + 1)];
        examples
    }};
}

/// How many blocks `every_rateless_example!` lists.
pub const RATELESS_EXAMPLES: usize = 1;

/// The `mechanism!` blocks of the examples generated with `Rates` but without `Statics` and
/// `Jacobians` (`generate { capabilities: [rates] }`: what the integrators need), for the checks
/// of `Dynamics`, `Constraints` and `Rates`.
macro_rules! every_rates_only_example {
    ($check:ident, $seed:expr) => {{
        use mb_examples::iftomm_four_bar::four_bar_chain40::FourBarChain40;
        let examples: [fn(); 1] = [|| $check(&FourBarChain40::default(), $seed + 1)];
        examples
    }};
}

/// How many blocks `every_rates_only_example!` lists.
pub const RATES_ONLY_EXAMPLES: usize = 1;

/// The list of `every_example!` names every `mechanism!` block of the examples' sources.
pub fn assert_every_block_listed(listed: usize) {
    let sources = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src");
    let blocks =
        mb_testsupport::count_mechanism_blocks(&sources).expect("examples' sources readable");
    assert_eq!(
        listed, blocks,
        "every mechanism! block of the examples must be in every_example!"
    );
}
