"""The benchmark arm arm(n) of bench/tree/README.md, as numbers (shared by the scripts here).

pinocchio_arm.cpp writes the same numbers in C++; check_pinocchio.py compares the two.
"""

MAX_JOINTS = 50  # m_i = 2.0 - 0.04 i stays positive for i < 50

GRAVITY = 9.81
BASE_OFFSET = (0.0, 0.0, 0.1)  # joint 0 in the world frame
OFFSET = (0.0, 0.02, 0.25)  # joint i >= 1 in the frame of link i - 1
COM = (0.01, 0.005, 0.12)  # centre of mass in link axes
IYY = 0.025
IZZ = 0.01


def axis(i):
    """Joint axis of joint i in its own frame: z for even i, y for odd i."""
    return (0.0, 0.0, 1.0) if i % 2 == 0 else (0.0, 1.0, 0.0)


def offset(i):
    """Translation of joint i's frame in its parent's frame (identity rotation)."""
    return BASE_OFFSET if i == 0 else OFFSET


def mass(i):
    """m_i = 2.0 - 0.04 i (the double nearest the decimal)."""
    return (200 - 4 * i) / 100


def ixx(i):
    """I_xx of link i about its centre of mass: 0.02 + 0.0005 i (the double nearest the decimal)."""
    return (40 + i) / 2000


def inertia_diagonal(i):
    """(I_xx, I_yy, I_zz) of link i about its centre of mass, in link axes."""
    return (ixx(i), IYY, IZZ)


def check_n(n):
    """Raises ValueError unless 1 <= n <= MAX_JOINTS."""
    if not 1 <= n <= MAX_JOINTS:
        raise ValueError(f"n must be in 1..{MAX_JOINTS} (link masses stay positive), got {n}")
