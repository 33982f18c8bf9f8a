package directive

// Limits on what one lesson file can ask for. Each bounds the memory or the
// time a single line can cost; crossing one is an error at that line.
const (
	// MaxFileBytes is the largest lesson file accepted.
	MaxFileBytes = 1 << 20
	// MaxBins is the most bins a histogram may ask for.
	MaxBins = 500
	// MaxPlotSeries and MaxPlotLines bound the series and reference lines
	// of one plot.
	MaxPlotSeries = 12
	MaxPlotLines  = 12
	// MaxPlotPoints bounds the points of one figure, over all its series:
	// each is drawn and listed in the table under the figure.
	MaxPlotPoints = 20000
	// MaxAxisBound bounds an explicit axis bound's magnitude, so that the
	// axis span and its ticks stay finite.
	MaxAxisBound = 1e15
	// MaxTableRows and MaxTableColumns bound one table.
	MaxTableRows    = 200
	MaxTableColumns = 20
	// MaxJoin bounds the values one joined table cell shows.
	MaxJoin = 100
)
