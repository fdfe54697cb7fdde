import 'leaflet/dist/leaflet.css';
import './company-map.css';
import * as L from 'leaflet';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import Supercluster from 'supercluster';
import { plural } from '../../../common/format.ts';
import type { CompanyMarker, MapTiles } from '../search-api.ts';

/**
 * Our own small wrapper around Leaflet (react-leaflet is not under an open-source licence): a map of the
 * search's companies, clustered by supercluster, whose popups are React trees. It touches `window` as
 * soon as it loads, so the island imports it only in the browser, when the map tab opens.
 */

const FRANCE: L.LatLngTuple = [46.6, 2.4];
const FRANCE_ZOOM = 6;
const MAX_ZOOM = 18;
const ZOOM_AROUND_PLACE = 10;

interface CompanyProperties {
  marker: CompanyMarker;
}

export interface CompanyMapOptions {
  tiles: MapTiles;
  /** The popup of a company, rendered into a node of the popup with its own React root. */
  popup: (marker: CompanyMarker) => ReactNode;
}

export interface CompanyMap {
  /** Shows these companies, and frames them (or the place searched around when there is none). */
  setMarkers(markers: CompanyMarker[], place?: { lat: number; lng: number }): void;
  destroy(): void;
}

function companyIcon(marker: CompanyMarker): L.DivIcon {
  const count = plural(
    marker.availableSlotsCount,
    'créneau disponible',
    'créneaux disponibles',
    'Aucun créneau disponible',
  );
  return L.divIcon({
    className: 'map-pin map-pin--company',
    iconSize: [28, 28],
    popupAnchor: [0, -12],
    html: `<span class="sr-only">${escapeHtml(marker.name)}, ${count}</span>`,
  });
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 44 : 52;
  return L.divIcon({
    className: 'map-pin map-pin--group',
    iconSize: [size, size],
    html: `<span aria-hidden="true">${count}</span><span class="sr-only">${count} entreprises : zoomer sur ce groupe</span>`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const isEnter = (event: L.LeafletEvent) => (event as L.LeafletKeyboardEvent).originalEvent?.key === 'Enter';

export function createCompanyMap(container: HTMLElement, options: CompanyMapOptions): CompanyMap {
  const map = L.map(container, { zoomControl: false, maxZoom: MAX_ZOOM }).setView(FRANCE, FRANCE_ZOOM);
  L.control.zoom({ zoomInTitle: 'Zoomer', zoomOutTitle: 'Dézoomer' }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: MAX_ZOOM }).addTo(map);
  const layer = L.layerGroup().addTo(map);
  let index = new Supercluster<CompanyProperties>({ radius: 60, maxZoom: 16 });
  const roots = new Set<Root>();

  function companyMarker(marker: CompanyMarker): L.Marker {
    const node = document.createElement('div');
    // Leaflet's own Escape works only while the map itself has focus, not from inside a popup.
    node.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      map.closePopup();
    });
    let root: Root | null = null;
    const popup = L.popup({ minWidth: 220, maxWidth: 300, autoPanPadding: [24, 24] }).setContent(node);
    const leafletMarker = L.marker([marker.lat, marker.lng], {
      icon: companyIcon(marker),
      title: marker.name,
      riseOnHover: true,
    }).bindPopup(popup);
    leafletMarker.on('popupopen', () => {
      root = createRoot(node);
      roots.add(root);
      const shownRoot = root;
      // Rendered at once, so that Leaflet sizes and places the popup around its content.
      flushSync(() => shownRoot.render(options.popup(marker)));
      popup.update();
      const close = popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', 'Fermer');
      close?.setAttribute('title', 'Fermer');
      // The popup is where the marker led: focus follows, as it would into a dialog.
      requestAnimationFrame(() => node.querySelector<HTMLElement>('a, button')?.focus());
    });
    leafletMarker.on('popupclose', () => {
      const active = document.activeElement;
      const focusWasInside = !active || active === document.body || node.contains(active);
      const closedRoot = root;
      root = null;
      if (closedRoot) {
        roots.delete(closedRoot);
        // Not while another root may be committing (a popup also closes when the markers change).
        setTimeout(() => closedRoot.unmount());
      }
      if (focusWasInside) leafletMarker.getElement()?.focus();
    });
    return leafletMarker;
  }

  function clusterMarker(lng: number, lat: number, clusterId: number, count: number): L.Marker {
    const marker = L.marker([lat, lng], { icon: clusterIcon(count), title: `${count} entreprises` });
    const zoomIn = () => {
      // The group's marker goes away: the keyboard focus waits on the map, before its new markers.
      if (marker.getElement() === document.activeElement) map.getContainer().focus({ preventScroll: true });
      map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAX_ZOOM));
    };
    marker.on('click', zoomIn);
    marker.on('keypress', (event) => isEnter(event) && zoomIn());
    return marker;
  }

  /** The markers on the map by key: redrawing keeps those still shown, so an open popup stays open. */
  let shown = new Map<string, L.Marker>();

  function draw() {
    const bounds = map.getBounds();
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const next = new Map<string, L.Marker>();
    for (const feature of index.getClusters(box, Math.round(map.getZoom()))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<Supercluster.ClusterProperties> &
        Partial<CompanyProperties>;
      const key =
        properties.cluster_id !== undefined
          ? `groupe:${properties.cluster_id}`
          : `entreprise:${properties.marker?.id}`;
      let marker = shown.get(key);
      if (!marker) {
        if (properties.cluster_id !== undefined) {
          marker = clusterMarker(lng, lat, properties.cluster_id, properties.point_count ?? 0);
        } else if (properties.marker) {
          marker = companyMarker(properties.marker);
        } else continue;
        layer.addLayer(marker);
      }
      next.set(key, marker);
    }
    for (const [key, marker] of shown) if (!next.has(key)) layer.removeLayer(marker);
    shown = next;
  }

  map.on('moveend', draw);

  return {
    setMarkers(markers, place) {
      index = new Supercluster<CompanyProperties>({ radius: 60, maxZoom: 16 });
      index.load(
        markers.map((marker) => ({
          type: 'Feature' as const,
          properties: { marker },
          geometry: { type: 'Point' as const, coordinates: [marker.lng, marker.lat] },
        })),
      );
      layer.clearLayers();
      shown = new Map();
      if (markers.length > 0) {
        const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as L.LatLngTuple));
        map.fitBounds(bounds.pad(0.1), { maxZoom: 13 });
      } else if (place) {
        map.setView([place.lat, place.lng], ZOOM_AROUND_PLACE);
      } else {
        map.setView(FRANCE, FRANCE_ZOOM);
      }
      draw();
    },
    destroy() {
      for (const root of roots) root.unmount();
      roots.clear();
      map.remove();
    },
  };
}
