func runCAPI(_ s: Settings) -> [Measurement] { [] }
