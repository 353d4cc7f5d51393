import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./nonce";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-6 text-base text-slate-600">
        {notFound ? "Sorry, we couldn’t find the page you’re looking for." : "Please try again in a moment."}
      </p>
      <a href="/" className="mt-10 inline-block rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white">
        Go back home
      </a>
    </main>
  );
}
