"""Human-study engine and the intrinsic task-based REG evaluation."""
