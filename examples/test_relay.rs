//! A relay for the NAT tests (tests/internet.rs): iroh's own relay server (the
//! `iroh-relay` crate), serving HTTPS on `BIND:3443` and QUIC address discovery on
//! `BIND:7842`, with a self-signed certificate for `BIND` written to `DIR/relay.der` (the
//! peers trust it with `--relay-root`). Started again with the same `DIR`, it keeps its
//! certificate. Prints `ready https://BIND:3443` when it serves, then runs until killed.
//!
//! `cargo run --example test_relay -- 198.18.0.1 /tmp/relay`

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::Arc;

use iroh_relay::server::{CertConfig, QuicConfig, RelayConfig, Server, ServerConfig, TlsConfig};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// The HTTPS port (the relay protocol over WebSocket).
const HTTPS_PORT: u16 = 3443;
/// The QUIC port iroh assumes for a relay named by URL (`DEFAULT_RELAY_QUIC_PORT`).
const QUIC_PORT: u16 = 7842;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(bind), Some(dir)) = (args.next(), args.next()) else {
        eprintln!("usage: test_relay BIND_IP DIR");
        std::process::exit(2);
    };
    let bind: IpAddr = bind.parse().expect("BIND_IP is an IP address");
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir).expect("DIR can be made");
    let (cert, key) = certificate(bind, dir);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let tls = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("ring speaks TLS 1.3")
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .expect("the certificate and key match");
        let mut relay = RelayConfig::new(SocketAddr::new(bind, 3340));
        relay.tls = Some(TlsConfig::new(
            SocketAddr::new(bind, HTTPS_PORT),
            CertConfig::Manual { server_config: tls },
        ));
        relay.key_cache_capacity = Some(1024);
        let mut config = ServerConfig::default();
        config.relay = Some(relay);
        config.quic = Some(QuicConfig::new(SocketAddr::new(bind, QUIC_PORT)));
        let server = Server::spawn(config).await.expect("the relay starts");
        let https = server.https_addr().expect("HTTPS is configured");
        println!("ready https://{https}");
        std::future::pending::<()>().await;
        drop(server);
    });
}

/// The relay's certificate and key: made for `bind` the first time, then read back.
fn certificate(bind: IpAddr, dir: &Path) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
    let (cert_path, key_path) = (dir.join("relay.der"), dir.join("relay.key"));
    if let (Ok(cert), Ok(key)) = (std::fs::read(&cert_path), std::fs::read(&key_path)) {
        return (
            CertificateDer::from(cert),
            PrivatePkcs8KeyDer::from(key).into(),
        );
    }
    let made = rcgen::generate_simple_self_signed(vec![bind.to_string(), "localhost".into()])
        .expect("a certificate");
    let cert = made.cert.der().to_vec();
    let key = made.signing_key.serialize_der();
    std::fs::write(&key_path, &key).expect("the key is written");
    std::fs::write(&cert_path, &cert).expect("the certificate is written");
    (
        CertificateDer::from(cert),
        PrivatePkcs8KeyDer::from(key).into(),
    )
}
