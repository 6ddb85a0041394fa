// Pinocchio's crba + nle and aba on a URDF file, for bench/import/compare_pinocchio.sh: ns per
// call at one fixed state, single thread, the minimum over 7 batches of `reps` calls.
//
// Usage: pinocchio_urdf FILE.urdf FLOATING(0|1) REPS
// A floating base is the composite joint PX PY PZ RZ RY RX (the parametrisation of
// `mbcompile import --floating-base`). The state is q_i = 0.3 + 0.1 i, v_i = 0.5 − 0.05 i in mb's
// coordinate order for serial chains (the dump example's `time` state); continuous joints get
// (cos, sin) of that angle.
#include "pinocchio/multibody.hpp"
#include "pinocchio/algorithm/aba.hpp"
#include "pinocchio/algorithm/crba.hpp"
#include "pinocchio/algorithm/rnea.hpp"
#include "pinocchio/parsers/urdf.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace pinocchio;

template <typename F> static double ns_per_call(F f, long reps) {
  double best = 1e300;
  for (int batch = 0; batch < 7; ++batch) {
    auto start = std::chrono::steady_clock::now();
    for (long r = 0; r < reps; ++r) f();
    auto end = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(end - start).count() / reps);
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s FILE.urdf FLOATING REPS\n", argv[0]);
    return 2;
  }
  Model model;
  if (std::string(argv[2]) == "1") {
    JointModelComposite root(6);
    root.addJoint(JointModelPX());
    root.addJoint(JointModelPY());
    root.addJoint(JointModelPZ());
    root.addJoint(JointModelRZ());
    root.addJoint(JointModelRY());
    root.addJoint(JointModelRX());
    pinocchio::urdf::buildModel(argv[1], root, model);
  } else {
    pinocchio::urdf::buildModel(argv[1], model);
  }
  const long reps = std::atol(argv[3]);
  Data data(model);
  Eigen::VectorXd q = neutral(model), v(model.nv), tau = Eigen::VectorXd::Zero(model.nv);
  for (JointIndex j = 1; j < (JointIndex)model.njoints; ++j) {
    for (int k = 0; k < model.joints[j].nv(); ++k) {
      const int iv = model.joints[j].idx_v() + k;
      const double angle = 0.3 + 0.1 * iv;
      v[iv] = 0.5 - 0.05 * iv;
      if (model.joints[j].nq() == 2 && model.joints[j].nv() == 1) {
        q[model.joints[j].idx_q()] = std::cos(angle);
        q[model.joints[j].idx_q() + 1] = std::sin(angle);
      } else {
        q[model.joints[j].idx_q() + k] = angle;
      }
    }
  }
  const double mh = ns_per_call([&] {
    crba(model, data, q);
    nonLinearEffects(model, data, q, v);
  }, reps);
  const double a = ns_per_call([&] { aba(model, data, q, v, tau); }, reps);
  std::printf("%.1f %.1f\n", mh, a);
  return 0;
}
