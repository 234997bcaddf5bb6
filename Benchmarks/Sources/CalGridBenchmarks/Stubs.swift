func runAggregates(_ s: Settings) -> [Measurement] { [] }
func runOverlap(_ s: Settings) -> [Measurement] { [] }
func runSorts(_ s: Settings) -> [Measurement] { [] }
func runMemory(_ s: Settings) -> [Measurement] { [] }
func runCAPI(_ s: Settings) -> [Measurement] { [] }
func runCLIStartup(_ s: Settings) -> [Measurement] { [] }
func runImport(_ s: Settings) -> [Measurement] { [] }
func importChildMain(_ a: [String]) -> Int32 { 2 }
