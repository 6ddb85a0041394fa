// Pinocchio side of the spatial-tree benchmark: the serial arm arm(n) of bench/tree/README.md,
// built programmatically, timed (crba + nle, aba) or evaluated at a given state.
//
// Usage (built by build_pinocchio.sh):
//   pinocchio_arm time N            one TSV line: n, ns/call of crba + nle (+ symmetrising M),
//                                   ns/call of aba
//   pinocchio_arm state N           the timing state: "q" and "v" lines (see README.md)
//   pinocchio_arm dump N q... v...  M (full), h = -nle(q, v) and qdd = aba(q, v, 0), 17 digits
//   pinocchio_arm version           the Pinocchio version the harness was compiled against
//
// Single thread; header-only use of Pinocchio (no template instantiation library).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pinocchio/multibody.hpp"
#include "pinocchio/algorithm/aba.hpp"
#include "pinocchio/algorithm/crba.hpp"
#include "pinocchio/algorithm/rnea.hpp"

namespace pin = pinocchio;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kMaxJoints = 50;  // m_i = 2.0 - 0.04 i stays positive for i < 50

// arm(n): joint i rotates about z (i even) or y (i odd); its placement in the parent frame is the
// pure translation offset_i; link i has mass m_i, centre of mass c_i and inertia about the centre
// of mass I_i, all in link axes; gravity (0, 0, -9.81). The numbers are those of arm_model.py.
pin::Model build_arm(int n) {
  pin::Model model;
  pin::JointIndex parent = 0;  // the universe
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d offset =
        i == 0 ? Eigen::Vector3d(0.0, 0.0, 0.1) : Eigen::Vector3d(0.0, 0.02, 0.25);
    const pin::SE3 placement(Eigen::Matrix3d::Identity(), offset);
    const std::string name = "q" + std::to_string(i);
    const pin::JointIndex joint =
        i % 2 == 0 ? model.addJoint(parent, pin::JointModelRZ(), placement, name)
                   : model.addJoint(parent, pin::JointModelRY(), placement, name);
    const double mass = (200.0 - 4.0 * i) / 100.0;  // the double nearest 2.0 - 0.04 i
    const Eigen::Vector3d com(0.01, 0.005, 0.12);
    const double ixx = (40.0 + i) / 2000.0;  // the double nearest 0.02 + 0.0005 i
    const Eigen::Matrix3d inertia = Eigen::Vector3d(ixx, 0.025, 0.01).asDiagonal();
    model.appendBodyToJoint(joint, pin::Inertia(mass, com, inertia), pin::SE3::Identity());
    parent = joint;
  }
  model.gravity = pin::Motion(Eigen::Vector3d(0.0, 0.0, -9.81), Eigen::Vector3d::Zero());
  return model;
}

// splitmix64 (Steele, Lea and Flood 2014): a portable generator, so that any other program can
// reproduce the timing state; u in [-1, 1) from the top 53 bits.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double uniform_pm1() { return 2.0 * static_cast<double>(next() >> 11) * 0x1.0p-53 - 1.0; }
};

// The timing state: seed 2024; q_i = pi u (i = 0 .. n-1), then v_i = u (i = 0 .. n-1).
void timing_state(int n, Eigen::VectorXd& q, Eigen::VectorXd& v) {
  SplitMix64 rng{2024};
  q.resize(n);
  v.resize(n);
  for (int i = 0; i < n; ++i) q[i] = kPi * rng.uniform_pm1();
  for (int i = 0; i < n; ++i) v[i] = rng.uniform_pm1();
}

// M (upper triangle from crba) made full, in place.
void symmetrise(Eigen::MatrixXd& m) {
  m.triangularView<Eigen::StrictlyLower>() = m.transpose().triangularView<Eigen::StrictlyLower>();
}

// ns/call of `call`: each repetition runs a loop of `iterations` calls sized so that it lasts at
// least 0.2 s; the median over `repetitions` repetitions.
template <typename F>
double median_ns_per_call(F call, int repetitions = 9) {
  using clock = std::chrono::steady_clock;
  long iterations = 1;
  for (;;) {  // calibrate
    const auto t0 = clock::now();
    for (long k = 0; k < iterations; ++k) call();
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    if (s >= 0.2) break;
    iterations = s <= 0.0 ? iterations * 10
                          : std::max(iterations * 2, static_cast<long>(iterations * 0.25 / s) + 1);
  }
  std::vector<double> ns;
  for (int r = 0; r < repetitions; ++r) {
    const auto t0 = clock::now();
    for (long k = 0; k < iterations; ++k) call();
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    ns.push_back(s * 1e9 / static_cast<double>(iterations));
  }
  std::sort(ns.begin(), ns.end());
  return ns[ns.size() / 2];
}

int parse_n(const char* text) {
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || n < 1 || n > kMaxJoints) {
    std::fprintf(stderr, "error: N must be an integer in 1..%d, got `%s`\n", kMaxJoints, text);
    std::exit(2);
  }
  return static_cast<int>(n);
}

double parse_number(const char* text) {
  char* end = nullptr;
  const double x = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(x)) {
    std::fprintf(stderr, "error: expected a finite number, got `%s`\n", text);
    std::exit(2);
  }
  return x;
}

void print_row(const char* label, const Eigen::VectorXd& x) {
  std::printf("%s", label);
  for (Eigen::Index i = 0; i < x.size(); ++i) std::printf("\t%.17g", x[i]);
  std::printf("\n");
}

int run_time(int n) {
  const pin::Model model = build_arm(n);
  pin::Data data(model);
  Eigen::VectorXd q, v;
  timing_state(n, q, v);
  const Eigen::VectorXd tau = Eigen::VectorXd::Zero(n);
  const double crba_nle = median_ns_per_call([&] {
    pin::crba(model, data, q);
    symmetrise(data.M);
    pin::nonLinearEffects(model, data, q, v);
  });
  const double aba = median_ns_per_call([&] { pin::aba(model, data, q, v, tau); });
  std::printf("%d\t%.1f\t%.1f\n", n, crba_nle, aba);
  return 0;
}

int run_state(int n) {
  Eigen::VectorXd q, v;
  timing_state(n, q, v);
  print_row("q", q);
  print_row("v", v);
  return 0;
}

int run_dump(int n, int argc, char** argv) {
  if (argc != 3 + 2 * n) {
    std::fprintf(stderr, "error: dump %d needs %d numbers (q then v), got %d\n", n, 2 * n,
                 argc - 3);
    return 2;
  }
  Eigen::VectorXd q(n), v(n);
  for (int i = 0; i < n; ++i) q[i] = parse_number(argv[3 + i]);
  for (int i = 0; i < n; ++i) v[i] = parse_number(argv[3 + n + i]);
  const pin::Model model = build_arm(n);
  pin::Data data(model);
  pin::crba(model, data, q);
  symmetrise(data.M);
  const Eigen::MatrixXd m = data.M;
  const Eigen::VectorXd h = -pin::nonLinearEffects(model, data, q, v);
  const Eigen::VectorXd qdd = pin::aba(model, data, q, v, Eigen::VectorXd::Zero(n));
  for (int i = 0; i < n; ++i) print_row("M", m.row(i).transpose());
  print_row("h", h);
  print_row("qdd", qdd);
  return 0;
}

void usage() {
  std::fprintf(stderr,
               "usage: pinocchio_arm time N | state N | dump N q0..q(N-1) v0..v(N-1) | version\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "version") {
    std::printf("%s\n", PINOCCHIO_VERSION);
    return 0;
  }
  if (argc < 3) {
    usage();
    return 2;
  }
  const std::string command = argv[1];
  const int n = parse_n(argv[2]);
  if (command == "time" && argc == 3) return run_time(n);
  if (command == "state" && argc == 3) return run_state(n);
  if (command == "dump") return run_dump(n, argc, argv);
  usage();
  return 2;
}
