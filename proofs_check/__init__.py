"""The papers' lemmas, bounds, theorems and conjectures as checkable claims.

- :mod:`proofs_check.claim`: ``Claim``, ``Param``, ``Run``, ``Report``, the ``@claim``
  decorator;
- :mod:`proofs_check.catalogue`: the claim modules listed once, ``CLAIMS``,
  ``run_claim(id, params, quick=, tighten=)``, ``load_claims()``;
- :mod:`proofs_check.exact`: exact comparisons in Z[phi] (``QPhi``, ``sign_phi``,
  ``floor_phi_multiple``);
- :mod:`proofs_check.data`: the data providers every claim uses;
- :mod:`proofs_check.dn`: the statistics of d_n^h - n (000 Tables 2, 3, Figure 9);
- ``claims_landman`` (004), ``claims_nivasch`` (000, 002 Thm 4.3), ``claims_jiao`` (001),
  ``claims_fibonacci`` (002), ``claims_oeis`` (OEIS recurrences of Wythoff rows),
  ``claims_atlas``, ``claims_variants``: the claims (listed in ``catalogue.MODULES``).

See docs/claims.md and ``grundy check --help``.
"""
