import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { stateByFips, type UsState } from '../../../domain/geo/us-states';

/** State outlines from us-atlas (Census Bureau cartographic boundaries, 1:10m), once. */
let states: Feature<Geometry, { name: string }>[] | null = null;

function stateFeatures(): Feature<Geometry, { name: string }>[] {
  if (!states) {
    const require = createRequire(import.meta.url);
    const topo = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Topology<{
      states: GeometryCollection<{ name: string }>;
    }>;
    states = feature(topo, topo.objects.states).features as Feature<Geometry, { name: string }>[];
  }
  return states;
}

/** KML colours are aabbggrr; ours arrive as RRGGBB or RRGGBBAA. */
export function kmlColor(hex: string, defaultAlpha: string): string {
  const h = hex.toLowerCase();
  const [r, g, b, a] = [h.slice(0, 2), h.slice(2, 4), h.slice(4, 6), h.length === 8 ? h.slice(6, 8) : defaultAlpha];
  return a + b + g + r;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

const ring = (positions: Position[]) => positions.map(([lng, lat]) => `${+lng.toFixed(5)},${+lat.toFixed(5)}`).join(' ');

function polygonKml(rings: Position[][]): string {
  const [outer, ...holes] = rings;
  return (
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring(outer)}</coordinates></LinearRing></outerBoundaryIs>` +
    holes.map((h) => `<innerBoundaryIs><LinearRing><coordinates>${ring(h)}</coordinates></LinearRing></innerBoundaryIs>`).join('') +
    '</Polygon>'
  );
}

function geometryKml(g: Geometry): string {
  if (g.type === 'Polygon') return polygonKml((g as Polygon).coordinates);
  if (g.type === 'MultiPolygon') return `<MultiGeometry>${(g as MultiPolygon).coordinates.map(polygonKml).join('')}</MultiGeometry>`;
  return '';
}

/**
 * A KML document with one placemark per state: the states asked (abbreviations; all when
 * the list is empty), outlined in `stroke` and filled with `fill` (RRGGBB or RRGGBBAA).
 */
export function statesKml(abbrs: readonly string[], stroke: string, fill: string): string {
  const wanted = new Set(abbrs.map((a) => a.toUpperCase()));
  const placemarks: string[] = [];
  for (const f of stateFeatures()) {
    const state: UsState | undefined = stateByFips(String(f.id));
    if (!state || (wanted.size > 0 && !wanted.has(state.abbr))) continue;
    placemarks.push(
      `<Placemark id="${state.abbr}"><name>${escapeXml(state.name)}</name><styleUrl>#state</styleUrl>` +
        `<ExtendedData><Data name="StateAbbr"><value>${state.abbr}</value></Data><Data name="fips"><value>${state.fips}</value></Data></ExtendedData>` +
        `${geometryKml(f.geometry)}</Placemark>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>US states</name>' +
    `<Style id="state"><LineStyle><color>${kmlColor(stroke, 'ff')}</color><width>1.5</width></LineStyle>` +
    `<PolyStyle><color>${kmlColor(fill, '40')}</color></PolyStyle></Style>` +
    placemarks.join('\n') +
    '</Document></kml>\n'
  );
}
