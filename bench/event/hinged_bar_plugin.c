/* Siconos plugins for the hinged bar of Lötstedt (1982), Sect. 1, in its single angle θ (from
 * the downward vertical): a uniform bar of mass m and length 2l hinged at the origin, its free
 * end hitting the floor y = -d. Same data as mb's `HingedBar` (examples/src/event_models.rs):
 * m = 1, l = 0.5, d = 0.8, g = 9.81.
 *
 *   I θ̈ = -m g l sin θ,  I = 4/3 m l²   (LagrangianDS: mass I, F_int = m g l sin θ)
 *   gap h(θ) = d - 2 l cos θ,  ∇h = 2 l sin θ,  d/dt ∇h = 2 l cos θ θ̇
 *                                         (LagrangianScleronomousR, NewtonImpactNSL)
 *
 * Signatures: Siconos 4.4 PluginTypes.hpp (FPtr6 for F_int and its Jacobians, FPtr3 for h and
 * ∇h, FPtr2 for the time derivative of ∇h). Built by bench/compare_event.sh with
 * `cc -O2 -shared -fPIC`.
 */
#include <math.h>

static const double M = 1.0, L = 0.5, D = 0.8, G = 9.81;

void fint(double t, unsigned int n, double *q, double *v, double *f, unsigned int nz, double *z)
{
  (void)t; (void)n; (void)v; (void)nz; (void)z;
  f[0] = M * G * L * sin(q[0]);
}

void jac_fint_q(double t, unsigned int n, double *q, double *v, double *j, unsigned int nz,
                double *z)
{
  (void)t; (void)n; (void)v; (void)nz; (void)z;
  j[0] = M * G * L * cos(q[0]);
}

void jac_fint_v(double t, unsigned int n, double *q, double *v, double *j, unsigned int nz,
                double *z)
{
  (void)t; (void)n; (void)q; (void)v; (void)nz; (void)z;
  j[0] = 0.0;
}

void gap(unsigned int n, double *q, unsigned int ny, double *y, unsigned int nz, double *z)
{
  (void)n; (void)ny; (void)nz; (void)z;
  y[0] = D - 2.0 * L * cos(q[0]);
}

void gap_jacobian(unsigned int n, double *q, unsigned int ny, double *h, unsigned int nz,
                  double *z)
{
  (void)n; (void)ny; (void)nz; (void)z;
  h[0] = 2.0 * L * sin(q[0]);
}

void gap_jacobian_rate(unsigned int n, double *q, unsigned int nv, double *v, double *s,
                       unsigned int nz, double *z)
{
  (void)n; (void)nv; (void)nz; (void)z;
  s[0] = 2.0 * L * cos(q[0]) * v[0];
}
