func runMemory(_ s: Settings) -> [Measurement] { [] }
func runCAPI(_ s: Settings) -> [Measurement] { [] }
