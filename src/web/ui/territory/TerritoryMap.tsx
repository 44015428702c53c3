/**
 * The territory map: Leaflet, drawn from us-atlas's state and county shapes (shipped with
 * the app, so it works with no network), centred on the USA at zoom 4. The chosen state's
 * counties are drawn and the enabled ones filled (all of them for a whole state); a click on a county toggles it. A radius
 * territory shows its circle (miles × 1609.34 m) and ZIP points. A tile layer is drawn
 * only when a tile URL is given (VITE_MAP_TILE_URL at build time, or the tileUrl prop).
 *
 * Loaded lazily (Leaflet and the shapes stay out of every other screen's chunks).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import { TERRITORY } from '../../../domain/geo/constants';
import { stateByAbbr } from '../../../domain/geo/us-states';

export interface MapCounty {
  fips: string;
  county: string;
  enabled: boolean;
}

export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
}

export interface TerritoryMapProps {
  /** The chosen state's abbreviation: its counties are drawn. */
  state: string | null;
  /** The chosen state's counties; enabled ones are filled. */
  counties: readonly MapCounty[];
  /** The whole chosen state is covered (a state territory): every county of it is filled. */
  wholeState?: boolean;
  /** A click on a county (absent: counties are not clickable). */
  onToggleCounty?: (fips: string) => void;
  circle: { latitude: number; longitude: number; miles: number } | null;
  points: readonly MapPoint[];
  tileUrl?: string | null;
  height?: number | string;
  /** The map's accessible name ('Map' by default). */
  label?: string;
}

type Shapes = { states: FeatureCollection<Geometry, { name: string }>; counties: FeatureCollection<Geometry, { name: string }> };
let shapes: Promise<Shapes> | null = null;

/** us-atlas's counties file (it holds the states too), fetched and converted once. */
function loadShapes(): Promise<Shapes> {
  shapes ??= fetch(countiesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`map shapes: ${r.status}`);
      return r.json() as Promise<Topology<{ states: GeometryCollection<{ name: string }>; counties: GeometryCollection<{ name: string }> }>>;
    })
    .then((topo) => ({
      states: feature(topo, topo.objects.states) as FeatureCollection<Geometry, { name: string }>,
      counties: feature(topo, topo.objects.counties) as FeatureCollection<Geometry, { name: string }>,
    }))
    .catch((e: unknown) => {
      shapes = null;
      throw e;
    });
  return shapes;
}

const COLORS = { stroke: '#868e96', state: '#1c7ed6', county: '#1c7ed6', off: '#adb5bd', circle: '#e8590c', point: '#0b7285' } as const;
const MAX_POINTS = 5000;
const ENV_TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || null;

function TerritoryMap({ state, counties, wholeState = false, onToggleCounty, circle, points, tileUrl = ENV_TILE_URL, height = 420, label = 'Map' }: TerritoryMapProps) {
  const keysId = useId();
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const [data, setData] = useState<Shapes | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const toggle = useRef(onToggleCounty);
  useEffect(() => {
    toggle.current = onToggleCounty;
  }, [onToggleCounty]);

  // The map itself, once.
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, {
      center: [TERRITORY.usCenter.lat, TERRITORY.usCenter.lng],
      zoom: TERRITORY.defaultZoom,
      preferCanvas: true,
      attributionControl: true,
    });
    m.attributionControl.setPrefix(false);
    m.attributionControl.addAttribution('Shapes: U.S. Census Bureau (us-atlas)');
    map.current = m;
    let live = true;
    loadShapes().then(
      (s) => live && setData(s),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { maxZoom: 18 }).addTo(m);
    tiles.bringToBack();
    return () => void tiles.remove();
  }, [tileUrl]);

  // State outlines; the chosen state stands out.
  useEffect(() => {
    const m = map.current;
    if (!m || !data) return;
    const fips = state ? stateByAbbr(state)?.fips : undefined;
    const layer = L.geoJSON(data.states, {
      interactive: false,
      style: (f) => {
        const chosen = f?.id === fips;
        return { color: chosen ? COLORS.state : COLORS.stroke, weight: chosen ? 2 : 0.8, fill: true, fillColor: '#f1f3f5', fillOpacity: chosen ? 0 : 0.35 };
      },
    }).addTo(m);
    layer.bringToBack();
    return () => void layer.remove();
  }, [data, state]);

  // The chosen state's counties, filled when enabled, clickable.
  const enabledKey = counties.map((c) => (c.enabled ? '1' : '0')).join('');
  useEffect(() => {
    const m = map.current;
    if (!m || !data || !state) return;
    const fips = stateByAbbr(state)?.fips;
    if (!fips) return;
    const enabled = new Map(counties.map((c) => [c.fips, c.enabled]));
    const names = new Map(counties.map((c) => [c.fips, c.county]));
    const ofState = data.counties.features.filter((f) => String(f.id).startsWith(fips));
    const layer = L.geoJSON({ type: 'FeatureCollection', features: ofState } as FeatureCollection, {
      style: (f) => {
        const on = wholeState || enabled.get(String(f?.id));
        return {
          color: COLORS.stroke,
          weight: 0.7,
          fillColor: on ? COLORS.county : COLORS.off,
          fillOpacity: on ? 0.55 : on === false ? 0.12 : 0.04,
        };
      },
      onEachFeature: (f: Feature<Geometry, { name: string }>, l) => {
        const id = String(f.id);
        const known = enabled.has(id);
        const note = wholeState ? '' : known ? (enabled.get(id) ? ' · selected' : '') : ' · no ZIP codes';
        l.bindTooltip(`${names.get(id) ?? f.properties.name}${note}`, { sticky: true });
        if (known) l.on('click', () => toggle.current?.(id));
      },
    }).addTo(m);
    return () => void layer.remove();
    // enabledKey stands for the enabled flags: a new array with the same flags redraws nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, state, enabledKey, counties.length, wholeState]);

  // The radius circle.
  const cLat = circle?.latitude;
  const cLng = circle?.longitude;
  const cMiles = circle?.miles;
  useEffect(() => {
    const m = map.current;
    if (!m || cLat === undefined || cLng === undefined || cMiles === undefined) return;
    const c = L.circle([cLat, cLng], { radius: cMiles * TERRITORY.metersPerMile, color: COLORS.circle, weight: 2, fillOpacity: 0.08, interactive: false }).addTo(m);
    return () => void c.remove();
  }, [cLat, cLng, cMiles]);

  // ZIP points (drawn on canvas; at most 5,000).
  useEffect(() => {
    const m = map.current;
    if (!m || points.length === 0) return;
    const group = L.layerGroup(
      points.slice(0, MAX_POINTS).map((p) =>
        L.circleMarker([p.latitude, p.longitude], { radius: 2.5, color: COLORS.point, weight: 1, fillOpacity: 0.8 }).bindTooltip(p.id),
      ),
    ).addTo(m);
    return () => void group.remove();
  }, [points]);

  // The view: the chosen state, else the circle, else the points, else the whole country.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const pad = { padding: [16, 16] as [number, number] };
    const fips = state ? stateByAbbr(state)?.fips : undefined;
    const shape = fips && data ? data.states.features.find((s) => s.id === fips) : undefined;
    if (shape) m.fitBounds(L.geoJSON(shape).getBounds(), pad);
    else if (cLat !== undefined && cLng !== undefined && cMiles !== undefined)
      m.fitBounds(L.latLng(cLat, cLng).toBounds(2 * cMiles * TERRITORY.metersPerMile), pad);
    else if (points.length > 0) m.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), { ...pad, maxZoom: 10 });
    else m.setView([TERRITORY.usCenter.lat, TERRITORY.usCenter.lng], TERRITORY.defaultZoom);
  }, [data, state, cLat, cLng, cMiles, points]);

  // `isolation` keeps Leaflet's panes (z-index 400 to 1000) inside the map: without it they
  // are drawn over Mantine's modals (200) and the header (100), and take their clicks.
  // Leaflet makes its container a Tab stop that pans and zooms by key: it is named and
  // says so, and what it offers by click (counties) the screens also offer as lists.
  return (
    <div style={{ position: 'relative', isolation: 'isolate', width: '100%', height }}>
      <div
        ref={el}
        role="group"
        aria-label={label}
        aria-describedby={keysId}
        data-testid="territory-map"
        data-shapes={data ? 'loaded' : 'loading'}
        style={{ width: '100%', height: '100%', borderRadius: 8, background: '#e7f5ff' }}
      />
      <VisuallyHidden id={keysId}>The arrow keys move the map; plus and minus zoom in and out.</VisuallyHidden>
      {failed && (
        <div role="alert" style={{ position: 'absolute', inset: 'auto 8px 8px 8px', zIndex: 500, background: 'white', padding: 8, borderRadius: 6 }}>
          The map shapes did not load ({failed}).
        </div>
      )}
    </div>
  );
}

export default TerritoryMap;
