//! `Ur5`: the robot `ur5` of `ur5_robot.urdf` (URDF), written by `mbcompile import`;
//! edit it freely, `mbcompile gen` derives the model from this block.
//!
//! Not imported (line: element: why):
//! - 332: `robot[name=ur5]/joint[name=world_joint]`: link `base_link` is welded to the world, so its mass 4 kg does not act
//! - 7: `robot[name=ur5]/gazebo`: simulator settings (gazebo) are not imported (8 such elements, the first here)
//! - 42: `robot[name=ur5]/link[name=base_link]/visual`: geometry and appearance are not inertia: not imported (7 such elements, the first here)
//! - 47: `robot[name=ur5]/link[name=base_link]/collision`: geometry and appearance are not inertia: not imported (8 such elements, the first here)
//! - 226: `robot[name=ur5]/transmission[name=shoulder_pan_trans]`: actuation (transmissions) is not part of the dynamics: not imported (6 such elements, the first here)
//! - 63: `robot[name=ur5]/joint[name=shoulder_pan_joint]/limit`: effort and velocity limits bound a controller, not the dynamics: not imported (position limits: see --limit-restitution)
//! - 63: `robot[name=ur5]/joint[name=shoulder_pan_joint]/limit`: position limits: not imported without --limit-restitution

use mbmacros::mechanism;

mechanism! {
    /// The robot `ur5` (6 coordinates, 6 bodies), imported from `ur5_robot.urdf`.
    struct Ur5;
    parameters {
        /// Gravity along −z [m/s²].
        g: 9.81,
    }
    coordinates { shoulder_pan_joint, shoulder_lift_joint, elbow_joint, wrist_1_joint, wrist_2_joint, wrist_3_joint }
    // Link `shoulder_link` on joint `shoulder_pan_joint` (line 58).
    body shoulder_link {
        joint: revolute(shoulder_pan_joint),
        axis: (0.0, 0.0, 1.0),
        offset: (0.0, 0.0, 0.089159),
        mass: 3.7,
        inertia: (0.010267495893, 0.010267495893, 0.00666),
    }
    // Link `upper_arm_link` on joint `shoulder_lift_joint` (line 83).
    body upper_arm_link {
        parent: shoulder_link,
        joint: revolute(shoulder_lift_joint),
        axis: (0.0, 1.0, 0.0),
        offset: (0.0, 0.13585, 0.0),
        offset_rotation: [roty(1.57079632679)],
        mass: 8.393,
        com: (0.0, 0.0, 0.28),
        inertia: (0.22689067591, 0.22689067591, 0.0151074),
    }
    // Link `forearm_link` on joint `elbow_joint` (line 108).
    body forearm_link {
        parent: upper_arm_link,
        joint: revolute(elbow_joint),
        axis: (0.0, 1.0, 0.0),
        offset: (0.0, -0.1197, 0.425),
        mass: 2.275,
        com: (0.0, 0.0, 0.25),
        inertia: (0.049443313556, 0.049443313556, 0.004095),
    }
    // Link `wrist_1_link` on joint `wrist_1_joint` (line 133).
    body wrist_1_link {
        parent: forearm_link,
        joint: revolute(wrist_1_joint),
        axis: (0.0, 1.0, 0.0),
        offset: (0.0, 0.0, 0.39225),
        offset_rotation: [roty(1.57079632679)],
        mass: 1.219,
        inertia: (0.111172755531, 0.111172755531, 0.21942),
    }
    // Link `wrist_2_link` on joint `wrist_2_joint` (line 158).
    body wrist_2_link {
        parent: wrist_1_link,
        joint: revolute(wrist_2_joint),
        axis: (0.0, 0.0, 1.0),
        offset: (0.0, 0.093, 0.0),
        mass: 1.219,
        inertia: (0.111172755531, 0.111172755531, 0.21942),
    }
    // Link `wrist_3_link` on joint `wrist_3_joint` (line 183).
    body wrist_3_link {
        parent: wrist_2_link,
        joint: revolute(wrist_3_joint),
        axis: (0.0, 1.0, 0.0),
        offset: (0.0, 0.0, 0.09465),
        mass: 0.1879,
        inertia: (0.0171364731454, 0.0171364731454, 0.033822),
    }
    // The frame of link `base_link`.
    point base_link = (0.0, 0.0, 0.0);
    // The frame of link `ee_link`.
    point ee_link = wrist_3_link * (0.0, 0.0823, 0.0);
    // The frame of link `tool0`.
    point tool0 = wrist_3_link * (0.0, 0.0823, 0.0);
    // The frame of link `base`.
    point base = (0.0, 0.0, 0.0);
    gravity = (0.0, 0.0, -g);
    generate { capabilities: [] }
}
