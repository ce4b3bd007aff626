/** Prints a benchmark's rows as an aligned text table (first column left, the rest right). */
export function printTable(title: string, header: string[], rows: string[][]): void {
	const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
	const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
	console.log(`\n${title}`);
	console.log(line(header));
	console.log(widths.map((width) => '-'.repeat(width)).join('  '));
	for (const row of rows) console.log(line(row));
}

/** Median of a few timings: less sensitive than the mean to a neighbour process stealing the CPU. */
export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
