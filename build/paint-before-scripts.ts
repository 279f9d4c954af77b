import type { Plugin } from 'vite';

/** Preload links the loader adds per task. */
const BATCH = 10;

/**
 * The first paint before the app's scripts run. A module script in the page runs as soon as the
 * document is parsed and the script is in, which on a fast or warm load is before the browser
 * has painted anything: the prerendered sign-in screen, or the splash, then waits for the whole
 * entry to be evaluated (hundreds of milliseconds on a cheap phone). The build turns the entry's
 * tag into a `modulepreload` (the download starts as early as before) and a small loader that
 * adds the script once the first frame is on screen, with the preloads of a page that arrived
 * with its screen (those wait for the paint too). A hidden page paints nothing, so it starts at
 * once; the timeouts cover a browser that never reports the paint (3 s: on slow 4G the first
 * paint waits for the stylesheets) or holds back animation frames (500 ms).
 */
export function paintBeforeScripts(): Plugin {
  return {
    name: 'mon-ngon:paint-before-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = [
          ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g),
        ];
        if (tags.length !== 1) {
          throw new Error(`paint before scripts: expected one module script, found ${tags.length}`);
        }
        const [tag, src] = tags[0]!;
        // `data-after-paint` on <html>: the entry's preloads and the screen's modules of a page
        // that arrived with its screen (server/http/static.ts), with the stylesheets of the
        // screen a sign-in there opens, fetched once it is painted;
        // all but the entry at low priority, so that a request the screen makes meanwhile (the
        // sign-in before the app, src/first-load/early-sign-in.ts) is not queued behind them.
        // The browser's paint timing says when a frame was really on screen (an animation
        // frame only says one is being made); without it, the next frame is taken instead.
        // The links go in batches of BATCH, a task each: a dish page has some fifty, and each
        // insertion starts a request, 1 to 5 ms of a slow phone's main thread (more while
        // DevTools watches the network), which in one task kept a tap waiting up to 300 ms.
        const loader =
          `<link rel="modulepreload" crossorigin href="${src}">` +
          '<script>(function(){var started=false,d=document;function start(){if(started)return;' +
          "started=true;var h=d.head,m=(d.documentElement.getAttribute('data-after-paint')||'')" +
          `.split(' '),i=0;(function batch(){for(var n=0;i<m.length&&n<${BATCH};i++){` +
          'if(!m[i])continue;n++;' +
          "var l=d.createElement('link');" +
          "if(/\\.css$/.test(m[i])){l.rel='preload';l.as='style'}else l.rel='modulepreload';" +
          "l.crossOrigin='';l.href=m[i];" +
          `if(m[i]!==${JSON.stringify(src)})l.fetchPriority='low';h.appendChild(l)}` +
          'if(i<m.length){setTimeout(batch,0);return}' +
          "var s=d.createElement('script');s.type='module';" +
          `s.crossOrigin='';s.src=${JSON.stringify(src)};h.appendChild(s)})()}` +
          "if(d.visibilityState==='hidden'){start();return}" +
          "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){" +
          'new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start,0)})' +
          ".observe({type:'paint'});setTimeout(start,3000);return}}catch(e){}" +
          'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,500)})()</script>';
        return html.replace(tag, () => loader);
      },
    },
  };
}
