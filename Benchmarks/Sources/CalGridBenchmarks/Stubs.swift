func runMemory(_ s: Settings) -> [Measurement] { [] }
func runCAPI(_ s: Settings) -> [Measurement] { [] }
func runCLIStartup(_ s: Settings) -> [Measurement] { [] }
