/** The restaurant's pin on Google Maps, by its coordinates rather than its typed address. */
export function mapLink({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.google.com/maps?q=${lat},${lon}`;
}
