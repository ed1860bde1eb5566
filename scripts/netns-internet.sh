#!/bin/bash
# "The internet in namespaces" for lanqi's iroh tests (draft, issue #26).
#   lq-inet   the internet: bridge br0 198.18.0.1/24 (the relay runs here, on 198.18.0.1)
#   lq-nat1   home router 1: wan 198.18.0.11/24, lan 10.1.0.1/24
#   lq-nat2   home router 2: wan 198.18.0.12/24, lan 10.2.0.1/24
#   lq-home1  a player at home 1: eth0 10.1.0.2/24, default via 10.1.0.1
#   lq-home2  a player at home 2: eth0 10.2.0.2/24, default via 10.2.0.1
# Usage: lq-netns.sh up [easy|strict|noudp] [easy|strict|noudp] | down
# NAT kinds: easy   = masquerade (port kept: endpoint-independent mapping in practice)
#                     + only established/related inbound (address-and-port-dependent filtering)
#            strict = masquerade random (endpoint-dependent mapping, "symmetric") + same filter
#            noudp  = easy, and every UDP datagram from the home is dropped (relay over TCP only)
set -eu
P=lq

nat_rules() { # $1 = kind
    local masq="masquerade"
    [ "$1" = strict ] && masq="masquerade random"
    local noudp=""
    [ "$1" = noudp ] && noudp='iif "lan" meta l4proto udp drop'
    cat <<EOF
table ip nat {
    chain postrouting {
        type nat hook postrouting priority srcnat; policy accept;
        oif "wan" $masq
    }
}
table ip filter {
    chain forward {
        type filter hook forward priority filter; policy accept;
        $noudp
        iif "wan" ct state established,related accept
        iif "wan" drop
    }
    chain input {
        # Unsolicited datagrams to the router itself must not be accepted either: a
        # conntrack entry confirmed for one would collide with the mapping of the
        # outgoing flow that answers it, and masquerade would pick another port.
        type filter hook input priority filter; policy accept;
        iif "wan" ct state established,related accept
        iif "wan" drop
    }
}
EOF
}

up() {
    local kind1=${1:-easy} kind2=${2:-easy}
    for ns in inet nat1 nat2 home1 home2; do
        ip netns add $P-$ns
        ip -n $P-$ns link set lo up
    done
    ip -n $P-inet link add br0 type bridge
    ip -n $P-inet addr add 198.18.0.1/24 dev br0
    ip -n $P-inet link set br0 up
    for i in 1 2; do
        # WAN side: nat$i's "wan" plugged into the internet's bridge
        ip link add $P-w$i type veth peer name wan netns $P-nat$i
        ip link set $P-w$i netns $P-inet
        ip -n $P-inet link set $P-w$i master br0 up
        ip -n $P-nat$i addr add 198.18.0.1$i/24 dev wan
        ip -n $P-nat$i link set wan up
        ip -n $P-nat$i route add default via 198.18.0.1
        # LAN side: home$i's eth0 to nat$i's "lan"
        ip link add $P-l$i type veth peer name eth0 netns $P-home$i
        ip link set $P-l$i netns $P-nat$i
        ip -n $P-nat$i link set $P-l$i name lan
        ip -n $P-nat$i addr add 10.$i.0.1/24 dev lan
        ip -n $P-nat$i link set lan up
        ip -n $P-home$i addr add 10.$i.0.2/24 dev eth0
        ip -n $P-home$i link set eth0 up
        ip -n $P-home$i route add default via 10.$i.0.1
        ip netns exec $P-nat$i sysctl -qw net.ipv4.ip_forward=1
    done
    nat_rules "$kind1" | ip netns exec $P-nat1 nft -f -
    nat_rules "$kind2" | ip netns exec $P-nat2 nft -f -
}

down() {
    for ns in home1 home2 nat1 nat2 inet; do
        ip netns del $P-$ns 2>/dev/null || true
    done
}

case "${1:-}" in
    up) shift; up "$@" ;;
    down) down ;;
    *) echo "usage: $0 up [easy|strict|noudp] [easy|strict|noudp] | down" >&2; exit 2 ;;
esac
