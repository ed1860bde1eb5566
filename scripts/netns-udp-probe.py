"""Tiny UDP probes for the namespace topology (bounded: a few datagrams, short timeouts).
  echo  PORT            : reply to each datagram with the sender's address as seen here (5 s)
  ask   HOST PORT LPORT : send from LPORT to HOST:PORT, print what the echo saw
  punch LPORT HOST PORT : send 5 datagrams to HOST:PORT from LPORT, print anything received
"""
import socket, sys, time

mode = sys.argv[1]
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
if mode == "echo":
    s.bind(("0.0.0.0", int(sys.argv[2])))
    s.settimeout(5)
    end = time.time() + 5
    try:
        while time.time() < end:
            data, addr = s.recvfrom(2000)
            s.sendto(f"{addr[0]}:{addr[1]}".encode(), addr)
    except socket.timeout:
        pass
elif mode == "ask":
    s.bind(("0.0.0.0", int(sys.argv[4])))
    s.settimeout(2)
    s.sendto(b"?", (sys.argv[2], int(sys.argv[3])))
    try:
        print("seen as", s.recvfrom(2000)[0].decode())
    except socket.timeout:
        print("no answer")
elif mode == "punch":
    s.bind(("0.0.0.0", int(sys.argv[2])))
    s.settimeout(0.3)
    got = None
    for _ in range(5):
        s.sendto(b"punch", (sys.argv[3], int(sys.argv[4])))
        try:
            data, addr = s.recvfrom(2000)
            got = f"{data.decode()} from {addr[0]}:{addr[1]}"
        except socket.timeout:
            pass
    print("received:", got)
